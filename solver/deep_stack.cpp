#include "solver/deep_stack.h"

#include <pthread.h>

namespace tsumi::solver {

namespace {
void* trampoline(void* arg) {
  (*static_cast<const std::function<void()>*>(arg))();
  return nullptr;
}
}  // namespace

void run_with_stack(size_t bytes, const std::function<void()>& f) {
  pthread_attr_t attr;
  pthread_t thread;
  bool started = pthread_attr_init(&attr) == 0 && pthread_attr_setstacksize(&attr, bytes) == 0 &&
                 pthread_create(&thread, &attr, trampoline, const_cast<std::function<void()>*>(&f)) == 0;
  pthread_attr_destroy(&attr);
  if (!started) {
    f();
    return;
  }
  pthread_join(thread, nullptr);
}

}  // namespace tsumi::solver

// `tsumi usi`: the USI engine on standard input and output (usi/usi_engine.h).
#include <iostream>

#include "cli/commands.h"
#include "usi/usi_engine.h"

namespace tsumi::cli {

int cmd_usi(const Args& args) {
  if (!args.empty()) {
    std::cerr << "tsumi: usi takes no arguments\n";
    return 2;
  }
  return usi::run_stdio();
}

}  // namespace tsumi::cli

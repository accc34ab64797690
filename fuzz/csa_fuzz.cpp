// Fuzz target: the CSA reader (see record_fuzz.h for the property checked).
#include "record_fuzz.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  return fuzz_record_reader(data, size, tsumi::problems::Format::kCsa);
}

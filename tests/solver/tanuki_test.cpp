#include "test_util.h"
TEST(Placeholder, Builds) { SUCCEED(); }

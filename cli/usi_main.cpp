// tsumi-usi: the USI engine as a program of its own, for shogi GUIs, which start an
// engine without arguments (the same as `tsumi usi`).
#include "usi/usi_engine.h"

int main() { return tsumi::usi::run_stdio(); }

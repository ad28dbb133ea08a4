#!/usr/bin/env python3
"""The image loader (via vgiw-objdump) accepts a good image and rejects truncated,
corrupted and foreign ones with a clear message and exit status 1."""
import os
import subprocess
import sys
import tempfile
import zlib

BIN = sys.argv[1] if len(sys.argv) > 1 else "build/sw/bin"


def objdump(data, tmp):
    path = os.path.join(tmp, "img.vgiw")
    with open(path, "wb") as f:
        f.write(data)
    r = subprocess.run([f"{BIN}/vgiw-objdump", path], capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


def get32(b, at):
    return int.from_bytes(b[at:at + 4], "little")


def put32(b, at, v):
    b[at:at + 4] = v.to_bytes(4, "little")


def fix_crc(b):
    put32(b, 12, zlib.crc32(bytes(b[16:])) & 0xFFFFFFFF)
    return bytes(b)


def first_section(data, kind):
    """(payload offset, length) of the first section of `kind`, or None."""
    at, n = 32, get32(data, 28)
    for _ in range(n):
        k, length = get32(data, at), get32(data, at + 4)
        if k == kind:
            return at + 8, length
        at += 8 + length
        at += (-at) % 4
    return None


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
        cases.append(("future version", bytes(b), 1, "not supported (this reader: 1.x)"))
        cases.append(("trailing garbage", data + b"\0\0\0\0", 1, "trailing"))
        # PNR sections (format 1.1) with consistent checksums but inconsistent contents
        pnr = first_section(data, 3)
        if pnr is None:
            cases.append(("image has a PNR section", b"", 0, "PNR"))
        else:
            at, length = pnr
            b = bytearray(data); put32(b, at + 12, 7)          # replicas != bits of the CVU mask
            cases.append(("PNR replica count vs CVU mask", fix_crc(b), 1, "does not match CVU mask"))
            # payload: kernel, block, chains, replicas, cvu_mask, units, delays, hops, nwords, nrelocs
            nw = get32(data, at + 32)
            b = bytearray(data)
            if get32(data, at + 36) > 0:                          # first relocation: word index
                put32(b, at + 40 + 4 * nw, nw + 5)
                cases.append(("PNR relocation outside the words", fix_crc(b), 1, "relocation"))
            b = bytearray(data); put32(b, at + 32, nw + 1)      # word count vs section length
            cases.append(("PNR word count vs section length", fix_crc(b), 1, "malformed section"))
            b = bytearray(data); put32(b, at + 4, 99)           # block index: not the block before
            cases.append(("PNR section for another block", fix_crc(b), 1, "malformed section"))
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

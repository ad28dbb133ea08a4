#!/usr/bin/env python3
"""Tests of tools/archgen.py: the generated SV and C agree with the description, and
every kind of mistake in a description is reported with its place, never generated."""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
passed = failed = 0


def check(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print(f"FAILED: {what}")


def gen(arch, out):
    return subprocess.run([sys.executable, os.path.join(ROOT, "tools", "archgen.py"), "--arch", arch,
                           "--out", out], capture_output=True, text=True)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "gen")
        r = gen(os.path.join(ROOT, "arch"), out)
        check(r.returncode == 0, f"real description generates: {r.stderr}")
        # Every enum value appears with the same number in SV and C.
        with open(os.path.join(ROOT, "arch", "ops.toml"), "rb") as f:
            ops = tomllib.load(f)["enum"]
        sv = open(os.path.join(out, "vgiw_fu_pkg.sv")).read()
        c = open(os.path.join(out, "vgiw_ops.h")).read()
        for e in ops.values():
            for i, (name, _doc) in enumerate(e["values"]):
                full = f"{e['prefix']}_{name}"
                check(re.search(rf"\b{full} = {e['width']}'d{i}\b", sv), f"SV {full} = {i}")
                check(re.search(rf"\b{full} = {i},", c), f"C {full} = {i}")
        # Every preset key appears with the same value in SV and C.
        for preset in ("tiny", "small", "paper"):
            svp = open(os.path.join(out, preset, "vgiw_cfg_pkg.sv")).read()
            ch = open(os.path.join(out, preset, "vgiw_cfg.h")).read()
            ch += open(os.path.join(out, "vgiw_formats.h")).read()   # included by vgiw_cfg.h
            ch += open(os.path.join(out, "vgiw_core_map.h")).read()  # included by vgiw_cfg.h
            pairs = re.findall(r"localparam int unsigned (\w+) = (\d+);", svp)
            check(len(pairs) > 10, f"{preset}: parameters generated")
            for k, v in pairs:
                check(f"#define VGIW_{k} {v}u" in ch, f"{preset}: {k} = {v} in C header")
            # Register addresses agree, and the counter map keeps its documented indices.
            regs = re.findall(r"localparam logic \[7:0\] REG_(\w+) = 8'h([0-9A-F]{2});", svp)
            # 7 of the VGIW core, 8 of the SIMT core (docs/simt.md "Host interface") and PRESET
            check(len(regs) == 16, f"{preset}: 16 registers generated")
            # the SIMT core has one lane per compute unit of the grid (docs/simt.md)
            cu = re.search(r"#define VGIW_UNITS_CU (\d+)u", ch)
            check(cu is not None and f"#define VGIW_SIMT_LANES {cu.group(1)}u" in ch,
                  f"{preset}: simt.lanes derived from the CU count")
            # host link constants: every HL_ localparam has its VGIW_HL_ twin with the same value
            hsv = open(os.path.join(out, "vgiw_hl_pkg.sv")).read()
            hc = open(os.path.join(out, "vgiw_hostlink.h")).read()
            hp = re.findall(r"localparam int unsigned HL_(\w+) = (\d+);", hsv)
            hc8 = re.findall(r"localparam logic \[7:0\] HL_(\w+) = 8'h([0-9A-F]{2});", hsv)
            check(len(hp) >= 9 and len(hc8) >= 14, f"{preset}: host link constants generated")
            for k, v in hp:
                check(f"#define VGIW_HL_{k} {v}u" in hc, f"HL_{k} = {v} in vgiw_hostlink.h")
            for k, v in hc8:
                check(f"#define VGIW_HL_{k} 0x{v}u" in hc, f"HL_{k} = 0x{v} in vgiw_hostlink.h")
            for k, v in regs:
                check(f"#define VGIW_REG_{k} 0x{v}u" in ch, f"{preset}: REG_{k} = 0x{v} in C header")
            sv = dict(pairs)
            maxb, units = int(sv["BBS_MAX_BLOCKS"]), int(sv["FABRIC_UNITS"])
            for k, v in {"CYCLES": 0, "RECONFIG_CYCLES": 4, "RETIRED": 9, "CFG_FETCHES": 12, "CFG_KEPT": 13, "FIXED_COUNT": 16, "EXT": 16,
                         "L1_ACCESS": 16, "L1_BANK_CONFLICT": 19, "LVC_SPILL": 24, "LVC_MISS_CYCLES": 31, "EXT_COUNT": 16,
                         "BLK_EXEC": 32, "BLK_THR": 32 + maxb, "UNIT_FIRE": 32 + 2 * maxb,
                         "BLK_CYCLES": 32 + 2 * maxb + units, "TOTAL": 32 + 3 * maxb + units}.items():
                check(sv.get(f"CNT_{k}") == str(v), f"{preset}: CNT_{k} = {v} (got {sv.get(f'CNT_{k}')})")
        cm = open(os.path.join(out, "vgiw_core_map.h")).read()
        # STATUS layout, descriptor magic and error codes agree between SV and C, and keep
        # the documented values (docs/core.md).
        with open(os.path.join(ROOT, "arch", "core.toml"), "rb") as f:
            core = tomllib.load(f)
        for preset in ("tiny", "small", "paper"):
            svp = open(os.path.join(out, preset, "vgiw_cfg_pkg.sv")).read()
            errs = re.findall(r"localparam logic \[7:0\] ERR_(\w+) = 8'd(\d+);", svp)
            check(len(errs) == len(core["errors"]["codes"]) + 1, f"{preset}: ERR_NONE and every error code generated")
            for k, v in errs:
                check(f"#define VGIW_ERR_{k} {v}u " in cm, f"{preset}: ERR_{k} = {v} in C header")
            check("localparam logic [31:0] DESC_MAGIC = 32'h444B4756;" in svp, f"{preset}: DESC_MAGIC")
            check("localparam logic [15:0] BT_SUCC_NONE = 16'hFFFF;" in svp, f"{preset}: BT_SUCC_NONE")
            # descriptor and block table word indices: the same in SV and C, the documented layout
            lay = dict(re.findall(r"localparam int unsigned ((?:DESC|BT)_\w+) = (\d+);", svp))
            for k, v in {"DESC_WORDS": 32, "DESC_W_LAUNCH_ESC": 19, "DESC_W_LAUNCH0": 20, "DESC_W_LAUNCH11": 31,
                         "DESC_LAUNCH_VALUES": 12, "DESC_W_MAGIC": 0, "DESC_W_BLOCKS": 1, "DESC_W_TABLE": 2,
                         "DESC_W_THREADS": 3, "DESC_W_LV_BASE": 4, "DESC_W_LV_COUNT": 5, "DESC_W_TILE_MAX": 6,
                         "DESC_W_CFG_FLAGS": 7, "DESC_W_LSIZE0": 8, "DESC_W_LOCAL_SPAN": 18, "BT_ENTRY_WORDS": 4, "BT_W_CFG_ADDR": 0, "BT_W_SUCC": 1,
                         "BT_W_CVU_MASK": 2, "BT_W_CFG_KEY": 3, "BT_SUCC_BITS": 16}.items():
                check(lay.get(k) == str(v), f"{preset}: {k} = {v} (got {lay.get(k)})")
                check(f"#define VGIW_{k} {v}u" in cm, f"{preset}: VGIW_{k} = {v} in C header")
        for k, v in {"NONE": 0, "BAD_MAGIC": 1, "BAD_BLOCK_COUNT": 2, "TILE_TOO_SMALL": 3, "BAD_SUCCESSOR": 4,
                     "FABRIC": 5, "MEMORY": 6, "NO_CVU": 7}.items():
            check(f"#define VGIW_ERR_{k} {v}u " in cm, f"error code {k} = {v}")
        for k, v in {"BUSY": 0, "DONE": 1, "ERROR": 2}.items():
            check(f"#define VGIW_STATUS_{k} (1u << {v}) " in cm, f"STATUS.{k} is bit {v}")
        check("#define VGIW_STATUS_CODE(st) ((unsigned)((st) >> 8) & 0xFFu)" in cm, "STATUS code in bits 15:8")
        check("#define VGIW_DESC_MAGIC 0x444B4756u " in cm, "descriptor magic VGKD")
        check("#define VGIW_BT_SUCC_NONE 0xFFFFu " in cm, "no successor 0xFFFF")
        # the successor field macros pack and unpack as docs/core.md says (compiled and run)
        prog = os.path.join(tmp, "succ.c")
        with open(prog, "w") as f:
            f.write('#include "vgiw_core_map.h"\n#include <stdio.h>\nint main(void) { unsigned w = '
                    'VGIW_BT_SUCC_WORD(0x12345u, VGIW_BT_SUCC_NONE); printf("%08x %x %x\\n", w, '
                    'VGIW_BT_SUCC0(w), VGIW_BT_SUCC1(w)); return 0; }\n')
        exe = os.path.join(tmp, "succ")
        r = subprocess.run(["cc", "-std=c11", "-Wall", "-Werror", "-I", out, "-o", exe, prog],
                           capture_output=True, text=True)
        check(r.returncode == 0, f"vgiw_core_map.h compiles: {r.stderr}")
        if r.returncode == 0:
            r = subprocess.run([exe], capture_output=True, text=True)
            check(r.stdout == "ffff2345 2345 ffff\n", f"successor 0 in bits 15:0, 1 in 31:16 (got {r.stdout!r})")
        check('vgiw_err_names[13] = { "none", "bad_magic", "bad_block_count", "tile_too_small", "bad_successor", '
              '"fabric", "memory", "no_cvu", "illegal_instr", "misaligned", "fetch_range", "bad_launch", '
              '"bad_geometry" };' in cm,
              "error names indexed by code")
        check('vgiw_cnt_fixed_names[16] = { "cycles", "tiles", "batches", "reconfigs", "reconfig_cycles", '
              '"fabric_busy", "stall_cfg", "stall_ready", "stall_drain", "retired", "cfg_hits", "cfg_misses", '
              '"cfg_fetches", "cfg_kept", "cfg_bg_shifts", "cfg_bg_used" };' in cm,
              "fixed counter names in index order")
        check('vgiw_cnt_ext_names[16] = { "l1_access", "l1_hit", "l1_miss", "l1_bank_conflict", "l1_writeback", '
              '"lvc_access", "lvc_hit", "lvc_miss", "lvc_spill", "l1_mshr_stall", "l1_refill", "l1_miss_cycles", '
              '"lvc_bank_conflict", "lvc_mshr_stall", "lvc_refill", "lvc_miss_cycles" };' in cm,
              "external counter names in index order")
        paper = open(os.path.join(out, "paper", "vgiw_cfg.h")).read()
        check("#define VGIW_UNITS_TOTAL 108u" in paper, "paper preset has the 108 units of VGIW Table 1")
        for k, v in {"CU": 32, "SCU": 12, "LVU": 16, "LDST": 16, "SJU": 16, "CVU": 16}.items():
            check(f"#define VGIW_UNITS_{k} {v}u" in paper, f"paper: {v} {k} as in VGIW Table 1")
        # The interconnect tables pair up, and every unit reaches its neighbours and switches.
        sys.path.insert(0, os.path.join(ROOT, "tools"))
        import fabric_topology as topo
        for preset in ("tiny", "small", "paper"):
            with open(os.path.join(ROOT, "arch", "presets", preset + ".toml"), "rb") as f:
                t = topo.Topology(tomllib.load(f)["grid"]["rows"])
            check(t.check() is None, f"{preset}: topology tables consistent: {t.check()}")
            interior = t.unit(1, 1)
            connected = [k for k in range(topo.UNIT_SLOTS) if t.slot_src[t.unit_slot(interior, k)] != t.NONE_LINK]
            check(len(connected) == 12, f"{preset}: interior unit has 12 incoming slots")
            for sw in range(t.S):
                hops = [k for k in range(8, 12) if t.slot_src[t.switch_slot(sw, k)] != t.NONE_LINK]
                check(len(hops) == 4, f"{preset}: switch {sw} keeps 4 switch links (folding)")

        # Bundles (per_preset records): the C pack_at/unpack_at of every preset put each field
        # where the SV package's packed struct has it (read from the SV, not from the
        # generator), at an odd bit offset, and leave the bits around them alone.
        for preset in ("tiny", "small", "paper"):
            svp = open(os.path.join(out, preset, "vgiw_cfg_pkg.sv")).read()
            for rec in ("ldst_req", "ldst_rsp", "lv_req", "lv_rsp", "line_req", "line_rsp"):
                body = re.search(r"typedef struct packed \{\n([^}]*)\n  \} " + rec + r"_t;", svp)
                check(body is not None, f"{preset}: SV struct {rec}_t")
                if body is None:
                    continue
                fields = [(n, int(m) + 1) for m, n in re.findall(r"logic \[(\d+):0\] (\w+);", body.group(1))]
                total = sum(w for _, w in fields)
                check(f"localparam int unsigned {rec.upper()}_BITS = {total};" in svp, f"{preset}: {rec} bits")
                lsb, nw, vals, want = 5, (total + 5 + 31) // 32 + 1, [], 0
                pos = total
                sets = []
                for i, (n, w) in enumerate(fields):
                    pos -= w
                    v = (0x9E3779B97F4A7C15 * (i + 1) * (len(rec) + 3)) & ((1 << w) - 1)
                    v |= 1 << (w - 1)                    # its top bit set: a short field shows
                    vals.append(v)
                    want |= v << pos
                    if w > 64:
                        sets += [f"r.{n}[{k}] = 0x{(v >> (32 * k)) & 0xFFFFFFFF:X}u;" for k in range((w + 31) // 32)]
                    else:
                        sets.append(f"r.{n} = 0x{v:X}u;")
                full = (1 << (32 * nw)) - 1
                want = (full & ~(((1 << total) - 1) << lsb)) | (want << lsb)
                prog = os.path.join(tmp, f"{preset}_{rec}.c")
                with open(prog, "w") as f:
                    f.write(f'#include "vgiw_cfg.h"\n#include <stdio.h>\n#include <string.h>\nint main(void) {{\n'
                            f'    {rec}_t r, r2; uint32_t w[{nw}], w2[{nw}];\n    memset(&r, 0, sizeof r);\n'
                            f'    ' + "\n    ".join(sets) + "\n"
                            f'    memset(w, 0xFF, sizeof w); memset(w2, 0xFF, sizeof w2);\n'
                            f'    {rec}_pack_at(&r, w, {lsb}u);\n    {rec}_unpack_at(w, {lsb}u, &r2);\n'
                            f'    {rec}_pack_at(&r2, w2, {lsb}u);\n'
                            f'    for (int i = {nw - 1}; i >= 0; i--) printf("%08x", w[i]);\n'
                            f'    printf(" %d\\n", memcmp(w, w2, sizeof w) == 0 && VGIW_{rec.upper()}_BITS == {total}u);\n'
                            f'    return 0;\n}}\n')
                exe = prog[:-2]
                r = subprocess.run(["cc", "-std=c11", "-Wall", "-Wextra", "-Werror", "-I", out, "-I",
                                    os.path.join(out, preset), "-o", exe, prog], capture_output=True, text=True)
                check(r.returncode == 0, f"{preset}: {rec} C compiles: {r.stderr}")
                if r.returncode == 0:
                    got = subprocess.run([exe], capture_output=True, text=True).stdout.split()
                    check(got == [f"{want:0{8 * nw}x}", "1"],
                          f"{preset}: {rec}_pack_at matches the SV layout and round-trips (got {got})")

        # Broken descriptions: each must fail with a message naming the problem.
        cases = [
            ("presets/small.toml", lambda s: s.replace("[lvc]", "[lvc]\nbyts = 3"), "unknown key"),
            ("presets/tiny.toml", lambda s: s.replace("token_buffer_depth = 4", "token_buffer_depth = 6"),
             "power of two"),
            ("presets/tiny.toml", lambda s: s.replace("scu_instances = 2", "scu_instances = 0"), "at least 1"),
            ("presets/tiny.toml", lambda s: s.replace("tid_bits = 12", "tid_bits = 5"), "tid_bits must be 6..24"),
            ("presets/fpga.toml", lambda s: s.replace("select_cycle = true", "select_cycle = false\nblock_ram_tables = true"),
             "bbs.block_ram_tables needs bbs.select_cycle"),
            ("presets/tiny.toml", lambda s: s.replace("scu_instances = 2", "scu_instances = 2\nscu_fp_bits_per_cycle = 5"),
             "must divide 24"),
            ("ops.toml", lambda s: s.replace("width  = 2\nprefix = \"FMA\"", "width  = 1\nprefix = \"FMA\""),
             "do not fit"),
            ("ops.toml", lambda s: s.replace('["SUB",', '["ADD",', 1), "duplicate value"),
            ("base.toml", lambda s: s.replace("[fu]", "[fu"), "base.toml"),
            ("presets/paper.toml", lambda s: s.replace('base = "base"', 'base = "nope"'), "no such file"),
            ("presets/tiny.toml", lambda s: s.replace('"LS LV SJ LV LS"', '"LS LV XX LV LS"'), "unknown unit code"),
            ("presets/tiny.toml", lambda s: s.replace('"LS LV SJ LV LS"', '"LS LV SJ LV"'), "different lengths"),
            ("core.toml", lambda s: s.replace('["CNT_HI",  0x18,', '["CNT_HI",  0x14,'), "duplicate address 0x14"),
            ("core.toml", lambda s: s.replace('["CNT_HI",  0x18,', '["CNT_LO",  0x18,'), "duplicate name REG_CNT_LO"),
            ("core.toml", lambda s: s.replace('["CNT_HI",  0x18,', '["CNT_HI",  0x1A,'), "not a word address"),
            ("core.toml", lambda s: s.replace('["lvc_spill",', '["l1_hit",'), "duplicate name CNT_L1_HIT"),
            ("core.toml", lambda s: s.replace("base = 16", "base = 8"), "counter blocks overlap"),
            ("core.toml", lambda s: s.replace("base = 32", "base = 20"), "counter blocks overlap"),
            ("core.toml", lambda s: s.replace('"fabric.units"', '"fabric.unitz"'), "not a positive preset key"),
            # 5 bits: fewer than any preset's counters, whichever preset is generated first
            ("core.toml", lambda s: s.replace("index_bits = 16", "index_bits = 5"), "more than index_bits"),
            ("presets/fpga.toml", lambda s: s.replace("link_flits = 2", "link_flits = 5"), "link_flits must be 1..4"),
            ("presets/fpga.toml", lambda s: s.replace("link_flits = 2", "link_flits = 1"), "link_rx_register needs fabric.link_flits > 1"),
            ("presets/fpga.toml", lambda s: s.replace("cvu_coord_stages = 4", "cvu_coord_stages = 6"), "cvu_coord_stages must be 1..5"),
            ("presets/fpga.toml", lambda s: s.replace("[fabric]", "[fabric]\nlink_flitz = 2"), "not in arch/presets/tiny.toml"),
            ("presets/tiny.toml", lambda s: s.replace('base = "base"', 'base = "fpga"'), "based on each other"),
            ("core.toml", lambda s: s.replace('["bad_magic", ', '["bad magic", '), "'bad magic' is not an identifier"),
            ("core.toml", lambda s: s.replace('["no_cvu", ', '["memory", '), "duplicate name ERR_MEMORY"),
            ("core.toml", lambda s: s.replace('["no_cvu",          7,', '["no_cvu",          6,'),
             "duplicate code 6 (errors memory and no_cvu)"),
            ("core.toml", lambda s: s.replace('["bad_magic",       1,', '["bad_magic",       0,'),
             "code 0 means no error"),
            ("core.toml", lambda s: s.replace("code_bits = 8", "code_bits = 2"), "code 4 does not fit the 2-bit"),
            ("core.toml", lambda s: s.replace('["DONE",  1,', '["DONE",  0,'), "bit 0 overlaps flag BUSY"),
            ("core.toml", lambda s: s.replace('["ERROR", 2,', '["ERROR", 9,'), "bit 9 overlaps the error code field"),
            ("core.toml", lambda s: s.replace('["ERROR", 2,', '["CODE", 2,'), "duplicate name STATUS_CODE"),
            ("core.toml", lambda s: s.replace("code_lsb  = 8", "code_lsb  = 28"), "within bits 31:0"),
            ("core.toml", lambda s: s.replace("magic = 0x444B4756", "magic = 0x1444B4756"), "magic must fit in 32 bits"),
            ("core.toml", lambda s: s.replace("\n[errors]\n", "\n[errorz]\n"), "missing [errors]"),
            ("core.toml", lambda s: s.replace('["TILE_MAX", 6,', '["TILE_MAX", 5,'),
             "duplicate index 5 (words LV_COUNT and TILE_MAX)"),
            ("core.toml", lambda s: s.replace('["LOCAL_SPAN",   18,', '["LOCAL_SPAN",   32,'),
             "word LOCAL_SPAN: index 32 is not in 0..31"),
            ("core.toml", lambda s: s.replace("launch_first  = 20", "launch_first  = 18"),
             "duplicate index 18 (words LOCAL_SPAN and LAUNCH0)"),
            ("core.toml", lambda s: s.replace("launch_values = 12", "launch_values = 300"),
             "launch_values 300 must be 1..256"),
            ("core.toml", lambda s: s.replace('["LV_COUNT", 5,', '["LV_BASE", 5,'), "duplicate name DESC_W_LV_BASE"),
            ("core.toml", lambda s: s.replace('["LV_COUNT", 5,', '["LV COUNT", 5,'), "'LV COUNT' is not an identifier"),
            ("core.toml", lambda s: s.replace('["CFG_KEY",  3,', '["CFG_KEY",  4,'),
             "entry word CFG_KEY: index 4 is not in 0..3"),
            ("core.toml", lambda s: s.replace('["CVU_MASK", 2,', '["CVU_MASK", 1,'),
             "duplicate index 1 (entry words SUCC and CVU_MASK)"),
            ("core.toml", lambda s: s.replace("entry_words  = 4", "entry_words  = 6"), "entry_words 6 must be a power of two"),
            ("core.toml", lambda s: s.replace("succ_bits    = 16", "succ_bits    = 12"),
             "no_successor 0xFFFF does not fit succ_bits = 12"),
            ("core.toml", lambda s: s.replace("succ_bits    = 16", "succ_bits    = 17"), "succ_bits 17 must be 1..16"),
            ("core.toml", lambda s: s.replace("no_successor = 0xFFFF", "no_successor = 0x00FF"),
             "no_successor 0xFF is a block ID in preset"),
            ("core.toml", lambda s: s.replace("\n[block_table]\n", "\n[block_tablez]\n"), "missing [block_table]"),
            ("hostlink.toml", lambda s: s.replace("sync_rsp     = 0x5A", "sync_rsp     = 0xA5"),
             "sync_req and sync_rsp must differ"),
            ("hostlink.toml", lambda s: s.replace("max_words    = 32", "max_words    = 31"),
             "max_payload must be 4 + 4 * max_words"),
            ("hostlink.toml", lambda s: s.replace("mem_bytes    = 131072", "mem_bytes    = 100000"),
             "mem_bytes must be a power of two"),
            ("hostlink.toml", lambda s: s.replace('["COUNTER",   0x07,', '["COUNTER",   0x06,'),
             "COUNTER (0x06) repeats a name or a code"),
            ("hostlink.toml", lambda s: s.replace('["PING",      0x01,', '["PING",      0x00,'), "code 0 is reserved"),
            ("hostlink.toml", lambda s: s.replace('["OK",       0x00,', '["DONE",     0x00,'), "needs OK with code 0"),
        ]
        # The preset fingerprint (register PRESET, docs/core.md): one value in SV, C and the
        # run-time table, different per preset, and changed by any parameter change.
        def fingerprints(gen_dir):
            ids = {}
            pc = open(os.path.join(gen_dir, "vgiw_presets.c")).read()
            for preset in ("tiny", "small", "paper"):
                svp = open(os.path.join(gen_dir, preset, "vgiw_cfg_pkg.sv")).read()
                ch = open(os.path.join(gen_dir, preset, "vgiw_cfg.h")).read()
                sv_id = re.search(r"localparam logic \[31:0\] PRESET_ID = 32'h([0-9A-F]{8});", svp)
                c_id = re.search(r"#define VGIW_PRESET_ID 0x([0-9A-F]{8})u", ch)
                t_id = re.search(r'\.name = "' + preset + r'",\s*\.doc = "[^"]*",\s*\.preset_id = 0x([0-9A-F]{8})u', pc)
                check(sv_id and c_id and t_id and sv_id.group(1) == c_id.group(1) == t_id.group(1),
                      f"{preset}: one PRESET_ID in SV, C and vgiw_presets.c")
                ids[preset] = sv_id.group(1) if sv_id else None
            return ids
        ids = fingerprints(out)
        check(len(set(ids.values())) == 3, f"PRESET_ID differs per preset ({ids})")
        again = os.path.join(tmp, "gen-again")
        gen(os.path.join(ROOT, "arch"), again)
        check(fingerprints(again) == ids, "PRESET_ID is the same on a second run")
        arch_lvc = os.path.join(tmp, "arch-lvc")
        shutil.copytree(os.path.join(ROOT, "arch"), arch_lvc)
        sp = os.path.join(arch_lvc, "presets", "small.toml")
        text = open(sp).read()
        # the LVC's associativity: in no record width or table, only in the parameters
        edited = re.sub(r"(\[lvc\][^\[]*?ways\s*=\s*)2\b", r"\g<1>4", text, count=1)
        check(edited != text, "small.toml: the LVC's ways edit applies")
        text = edited
        open(sp, "w").write(text)
        out_lvc = os.path.join(tmp, "gen-lvc")
        r = gen(arch_lvc, out_lvc)
        if r.returncode == 0:
            ids2 = fingerprints(out_lvc)
            check(ids2["small"] != ids["small"] and ids2["tiny"] == ids["tiny"],
                  f"one parameter of small changed: only small's PRESET_ID changes ({ids} -> {ids2})")
        else:
            check(False, f"edited small preset generates: {r.stderr.strip()}")
        for fname, edit, expect in cases:
            arch = os.path.join(tmp, "arch-" + str(cases.index((fname, edit, expect))))
            shutil.copytree(os.path.join(ROOT, "arch"), arch)
            p = os.path.join(arch, fname)
            text = open(p).read()
            broken = edit(text)
            check(broken != text, f"case edit applies to {fname}")
            open(p, "w").write(broken)
            r = gen(arch, os.path.join(tmp, "out-bad"))
            check(r.returncode == 1 and expect in r.stderr and "Traceback" not in r.stderr,
                  f"broken {fname} -> error containing '{expect}' (got rc={r.returncode}: {r.stderr.strip()})")
    print(f"archgen_test: {'PASSED' if failed == 0 else 'FAILED'}")
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main())

# cache_bank: one non-blocking cache bank (docs/mem.md "Verification"), an L1 bank of the
# preset, its line port served by tb/common/mem_model.
TESTBENCHES       += cache_bank_tb
cache_bank_tb_TOP := vgiw_cache_bank
cache_bank_tb_RTL := rtl/mem/vgiw_cache_bank.sv
cache_bank_tb_C   := tb/mem/cache_bank_tb.c

# The same bank with WRITE_VALIDATE (the LVC's banks: per-word valid bits, no fetch on a
# whole-word store miss, docs/mem.md "LVC"); FLUSH_WB stays on so memory is checked after flushes.
TESTBENCHES          += cache_bank_wv_tb
cache_bank_wv_tb_TOP    := vgiw_cache_bank
cache_bank_wv_tb_RTL    := rtl/mem/vgiw_cache_bank.sv
cache_bank_wv_tb_C      := tb/mem/cache_bank_tb.c
cache_bank_wv_tb_VFLAGS := -GWRITE_VALIDATE=1
cache_bank_wv_tb_CFLAGS := -DCACHE_BANK_TB_WV

# Faults for showing that the test catches them (docs/mem.md "Verification"): a refill that
# overwrites the words already written, and whole-word store misses that fetch the line.
TESTBENCHES                += cache_bank_wv_fault_tb
cache_bank_wv_fault_tb_TOP    := vgiw_cache_bank
cache_bank_wv_fault_tb_RTL    := rtl/mem/vgiw_cache_bank.sv
cache_bank_wv_fault_tb_C      := tb/mem/cache_bank_tb.c
cache_bank_wv_fault_tb_VFLAGS := -GWRITE_VALIDATE=1 -DVGIW_FAULT_WV_FILL_ALL
cache_bank_wv_fault_tb_CFLAGS := -DCACHE_BANK_TB_WV

# Fault: an atomic's read-modify-write that is not atomic (the lookup stage goes on in the
# write cycle, VGIW_FAULT_AMO_SPLIT): back-to-back atomics on one word lose updates.
TESTBENCHES                 += cache_bank_amo_fault_tb
cache_bank_amo_fault_tb_TOP    := vgiw_cache_bank
cache_bank_amo_fault_tb_RTL    := rtl/mem/vgiw_cache_bank.sv
cache_bank_amo_fault_tb_C      := tb/mem/cache_bank_tb.c
cache_bank_amo_fault_tb_VFLAGS := -DVGIW_FAULT_AMO_SPLIT

# Narrow targets with more targets than write-data entries (docs/mem.md "Narrow targets"),
# whatever the preset has: 8 targets and 2 write-data entries per MSHR.
TESTBENCHES               += cache_bank_narrow_tb
cache_bank_narrow_tb_TOP    := vgiw_cache_bank
cache_bank_narrow_tb_RTL    := rtl/mem/vgiw_cache_bank.sv
cache_bank_narrow_tb_C      := tb/mem/cache_bank_tb.c
cache_bank_narrow_tb_VFLAGS := -GTARGETS=8 -GDATA=2
cache_bank_narrow_tb_CFLAGS := -DTB_TARGETS=8 -DTB_DATA=2

# Fault: a store or an atomic merges into an MSHR whose write-data entries are all taken
# (VGIW_FAULT_MSHR_DATA_FULL): the data queue overflows.
TESTBENCHES                   += cache_bank_data_fault_tb
cache_bank_data_fault_tb_TOP    := vgiw_cache_bank
cache_bank_data_fault_tb_RTL    := rtl/mem/vgiw_cache_bank.sv
cache_bank_data_fault_tb_C      := tb/mem/cache_bank_tb.c
cache_bank_data_fault_tb_VFLAGS := -GTARGETS=8 -GDATA=2 -DVGIW_FAULT_MSHR_DATA_FULL
cache_bank_data_fault_tb_CFLAGS := -DTB_TARGETS=8 -DTB_DATA=2

# Fault: a store answered when queued in an MSHR whose replay drops its write
# (VGIW_FAULT_STORE_ACK_NOWRITE, docs/mem.md "Stores answered when queued").
TESTBENCHES                        += cache_bank_store_fault_tb
cache_bank_store_fault_tb_TOP    := vgiw_cache_bank
cache_bank_store_fault_tb_RTL    := rtl/mem/vgiw_cache_bank.sv
cache_bank_store_fault_tb_C      := tb/mem/cache_bank_tb.c
cache_bank_store_fault_tb_VFLAGS := -DVGIW_FAULT_STORE_ACK_NOWRITE

# cache_bank: one non-blocking cache bank (docs/mem.md "Verification"), an L1 bank of the
# preset, its line port served by tb/common/mem_model.
TESTBENCHES       += cache_bank_tb
cache_bank_tb_TOP := cache_bank
cache_bank_tb_RTL := rtl/mem/cache_bank.sv
cache_bank_tb_C   := tb/mem/cache_bank_tb.c

# mem_system: the memory system of the VGIW core (docs/mem.md): banked L1, LVC, control
# buffer, line port served by tb/common/mem_model.
TESTBENCHES       += mem_system_tb
mem_system_tb_TOP := mem_system
mem_system_tb_RTL := rtl/mem/mem_system.sv rtl/mem/l1.sv rtl/mem/lvc.sv rtl/mem/banked_cache.sv \
                     rtl/mem/cache_bank.sv rtl/common/stream_reg.sv rtl/common/rr_arbiter.sv
mem_system_tb_C   := tb/mem/mem_system_tb.c

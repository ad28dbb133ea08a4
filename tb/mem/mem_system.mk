# mem_system: the memory system of the VGIW core (docs/mem.md): banked L1, LVC, control
# buffer, line port served by tb/common/mem_model.
TESTBENCHES       += mem_system_tb
mem_system_tb_TOP := vgiw_mem_system
mem_system_tb_RTL := rtl/mem/vgiw_mem_system.sv rtl/mem/vgiw_l1.sv rtl/mem/vgiw_lvc.sv rtl/mem/vgiw_banked_cache.sv \
                     rtl/mem/vgiw_cache_bank.sv rtl/common/vgiw_stream_reg.sv rtl/common/vgiw_stream_skid.sv \
                     rtl/common/vgiw_rr_arbiter.sv
mem_system_tb_C   := tb/mem/mem_system_tb.c

# scu_unit: special compute unit of the MT-CGRF (docs/fabric-units/scu.md), driven by the
# shared reordering-unit driver tb/fabric/reorder_tb.c.
TESTBENCHES     += scu_unit_tb
scu_unit_tb_TOP := vgiw_scu_unit
scu_unit_tb_RTL := rtl/fabric/vgiw_scu_unit.sv rtl/fabric/vgiw_reorder_unit_core.sv rtl/fabric/vgiw_reservation_buffer.sv rtl/common/vgiw_select_tree.sv \
                   rtl/fabric/vgiw_token_buffer.sv rtl/fabric/vgiw_unit_operands.sv rtl/common/vgiw_stream_reg.sv \
                   rtl/fu/vgiw_scu_pool.sv rtl/fu/vgiw_scu_instance.sv rtl/fu/vgiw_int_div.sv rtl/fu/vgiw_fp_divsqrt.sv rtl/common/vgiw_rr_arbiter.sv
scu_unit_tb_C   := tb/fabric/scu_unit_tb.c tb/fabric/reorder_tb.c

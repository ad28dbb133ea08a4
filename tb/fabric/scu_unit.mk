# scu_unit: special compute unit of the MT-CGRF (docs/fabric-units/scu.md), driven by the
# shared reordering-unit driver tb/fabric/reorder_tb.c.
TESTBENCHES     += scu_unit_tb
scu_unit_tb_TOP := scu_unit
scu_unit_tb_RTL := rtl/fabric/scu_unit.sv rtl/fabric/reorder_unit_core.sv rtl/fabric/reservation_buffer.sv \
                   rtl/fabric/token_buffer.sv rtl/fabric/unit_operands.sv rtl/common/stream_reg.sv \
                   rtl/fu/scu_pool.sv rtl/fu/scu_instance.sv rtl/fu/int_div.sv rtl/fu/fp_divsqrt.sv rtl/common/rr_arbiter.sv
scu_unit_tb_C   := tb/fabric/scu_unit_tb.c tb/fabric/reorder_tb.c

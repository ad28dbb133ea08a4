# lvu_unit: live value unit of the MT-CGRF (docs/fabric-units/lvu.md), driven by the
# shared reordering-unit driver tb/fabric/reorder_tb.c, LV store from tb/common/mem_model.c.
TESTBENCHES     += lvu_unit_tb
lvu_unit_tb_TOP := lvu_unit
lvu_unit_tb_RTL := rtl/fabric/lvu_unit.sv rtl/fabric/reorder_unit_core.sv rtl/fabric/reservation_buffer.sv \
                   rtl/fabric/token_buffer.sv rtl/fabric/unit_operands.sv rtl/common/stream_reg.sv
lvu_unit_tb_C   := tb/fabric/lvu_unit_tb.c tb/fabric/reorder_tb.c

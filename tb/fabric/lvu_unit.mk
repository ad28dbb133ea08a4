# lvu_unit: live value unit of the MT-CGRF (docs/fabric-units/lvu.md), driven by the
# shared reordering-unit driver tb/fabric/reorder_tb.c, LV store from tb/common/mem_model.c.
TESTBENCHES     += lvu_unit_tb
lvu_unit_tb_TOP := vgiw_lvu_unit
lvu_unit_tb_RTL := rtl/fabric/vgiw_lvu_unit.sv rtl/fabric/vgiw_reorder_unit_core.sv rtl/fabric/vgiw_reservation_buffer.sv rtl/common/vgiw_select_tree.sv \
                   rtl/fabric/vgiw_token_buffer.sv rtl/fabric/vgiw_unit_operands.sv rtl/common/vgiw_stream_reg.sv rtl/fabric/vgiw_issue_reg.sv
lvu_unit_tb_C   := tb/fabric/lvu_unit_tb.c tb/fabric/reorder_tb.c

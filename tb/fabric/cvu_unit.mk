# cvu_unit: control vector unit (docs/fabric-units/cvu.md): thread injection with coordinates
# (VGIW §2) checked against a golden computation, outcome collection, done packets.
TESTBENCHES     += cvu_unit_tb
cvu_unit_tb_TOP := vgiw_cvu_unit
cvu_unit_tb_RTL := rtl/fabric/vgiw_cvu_unit.sv rtl/fabric/vgiw_cvu_coords.sv rtl/fabric/vgiw_cvu_coord_add.sv \
                   rtl/common/vgiw_stream_fork.sv rtl/common/vgiw_stream_reg.sv rtl/common/vgiw_lzc.sv
cvu_unit_tb_C   := tb/fabric/cvu_unit_tb.c

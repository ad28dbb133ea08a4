# ldst_unit: load/store unit of the MT-CGRF (docs/fabric-units/ldst.md), driven by the
# shared reordering-unit driver tb/fabric/reorder_tb.c, memory from tb/common/mem_model.c.
TESTBENCHES      += ldst_unit_tb
ldst_unit_tb_TOP := vgiw_ldst_unit
ldst_unit_tb_RTL := rtl/fabric/vgiw_ldst_unit.sv rtl/fabric/vgiw_reorder_unit_core.sv rtl/fabric/vgiw_reservation_buffer.sv rtl/common/vgiw_select_tree.sv \
                    rtl/fabric/vgiw_token_buffer.sv rtl/fabric/vgiw_unit_operands.sv rtl/common/vgiw_stream_reg.sv rtl/fabric/vgiw_issue_reg.sv
ldst_unit_tb_C   := tb/fabric/ldst_unit_tb.c tb/fabric/reorder_tb.c

# The same unit with a fault injected into its token buffer (VGIW_FAULT_TOKEN_OVERWRITE:
# an entry held by another thread is overwritten), for the test that shows the token
# buffer's assertions fire (docs/fabric-tests.md, "Assertions can fire").
TESTBENCHES            += ldst_unit_fault_tb
ldst_unit_fault_tb_TOP    := vgiw_ldst_unit
ldst_unit_fault_tb_RTL    := $(ldst_unit_tb_RTL)
ldst_unit_fault_tb_C      := $(ldst_unit_tb_C)
ldst_unit_fault_tb_VFLAGS := -DVGIW_FAULT_TOKEN_OVERWRITE

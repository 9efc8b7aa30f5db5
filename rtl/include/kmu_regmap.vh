// kmu_regmap.vh - openkmu register map constants (Verilog-2005 localparams).
// generated from regmap/kmu.rdl by scripts/gen_regmap.py, do not edit.
// `include inside a module body.  Names as in cmodel/include/kmu_regmap.h; see docs/regmap.md.
// The map is declared in full; an including block uses a subset, so the unused-parameter
// lint warning is waived for this file only (lint_on at the bottom).
/* verilator lint_off UNUSEDPARAM */

// ---- map
localparam integer KMU_REGMAP_AW = 16;  // bus byte-address width
localparam integer KMU_REGMAP_DW = 32;  // data width

// ---- windows (every address outside a non-reserved window's registers: SLVERR)
localparam [15:0]  KMU_WIN_CSR_BASE = 16'h0000;  // CSR
localparam integer KMU_WIN_CSR_SIZE = 256;
localparam [15:0]  KMU_WIN_CSR_LAST = 16'h00FF;
localparam integer KMU_WIN_CSR_RESERVED = 0;
localparam [15:0]  KMU_WIN_EKT_REG_BASE = 16'h0100;  // EKT registration
localparam integer KMU_WIN_EKT_REG_SIZE = 256;
localparam [15:0]  KMU_WIN_EKT_REG_LAST = 16'h01FF;
localparam integer KMU_WIN_EKT_REG_RESERVED = 0;
localparam [15:0]  KMU_WIN_DB_BASE = 16'h1000;  // Doorbells
localparam integer KMU_WIN_DB_SIZE = 4096;
localparam [15:0]  KMU_WIN_DB_LAST = 16'h1FFF;
localparam integer KMU_WIN_DB_RESERVED = 0;
localparam [15:0]  KMU_WIN_HOST_LAUNCH_BASE = 16'h2000;  // Host launch
localparam integer KMU_WIN_HOST_LAUNCH_SIZE = 256;
localparam [15:0]  KMU_WIN_HOST_LAUNCH_LAST = 16'h20FF;
localparam integer KMU_WIN_HOST_LAUNCH_RESERVED = 0;
localparam [15:0]  KMU_WIN_PREEMPT_BASE = 16'h2100;  // Preemption
localparam integer KMU_WIN_PREEMPT_SIZE = 256;
localparam [15:0]  KMU_WIN_PREEMPT_LAST = 16'h21FF;
localparam integer KMU_WIN_PREEMPT_RESERVED = 0;
localparam [15:0]  KMU_WIN_TREM_BASE = 16'h2200;  // TReM revocation
localparam integer KMU_WIN_TREM_SIZE = 256;
localparam [15:0]  KMU_WIN_TREM_LAST = 16'h22FF;
localparam integer KMU_WIN_TREM_RESERVED = 0;
localparam [15:0]  KMU_WIN_COPY_BASE = 16'h2300;  // Copy
localparam integer KMU_WIN_COPY_SIZE = 256;
localparam [15:0]  KMU_WIN_COPY_LAST = 16'h23FF;
localparam integer KMU_WIN_COPY_RESERVED = 0;
localparam [15:0]  KMU_WIN_YIELD_BASE = 16'h2400;  // Yield
localparam integer KMU_WIN_YIELD_SIZE = 256;
localparam [15:0]  KMU_WIN_YIELD_LAST = 16'h24FF;
localparam integer KMU_WIN_YIELD_RESERVED = 0;

// ---- ID
localparam [15:0]  KMU_ID_ADDR = 16'h0000;  // Identification: ASCII "KMU0".
localparam [31:0]  KMU_ID_RESET = 32'h4B4D5530;
localparam [31:0]  KMU_ID_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_ID_RD = 1'd1;
localparam [0:0]   KMU_ID_WR = 1'd0;
localparam integer KMU_ID_VALUE_SHIFT = 0;  // RO: constant
localparam integer KMU_ID_VALUE_WIDTH = 32;
localparam [31:0]  KMU_ID_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_ID_VALUE_RESET = 32'h4B4D5530;

// ---- VERSION
localparam [15:0]  KMU_VERSION_ADDR = 16'h0004;  // Register map version 1.7 ([15:8] major, [7:0] minor): 1.1 adds the host launch window, KMU_CTRL, SM_RESERVE, KERNEL_STATUS, IRQ_ENABLE and PERF_KERNELS; 1.2 adds the preemption window at 0x2100 (PRE_CTRL, PRE_CTX_BASE, PRE_DEADLINE, PRE_BW, PRE_HINT, PRE_STATUS, PERF_PREEMPTS, PERF_WP, PERF_CTX_SAVES) in place of the reserved PEP hint window; 1.3 adds the TReM revocation window at 0x2200 (TR_CMD, TR_RESULT, TR_EVENTS, TR_GUARD, TR_IRQ_EN, TR_THRESH, TR_COST, TR_CTRL, TR_SLA, TR_PERIOD, TR_ELASTIC, TR_LE, ERR_CNT_TREM, PERF_REVOKES, TR_LAST_LID) in place of the reserved TReM window, and the host launch's class and estimate (HL_RES.CLASS, HL_EST); 1.4 adds the copy window at 0x2300 (COPY_SRC, COPY_DST, COPY_LEN, COPY_CTRL, COPY_CHUNK, COPY_GO, COPY_CPL, COPY_CPL_POP, COPY_STATUS, COPY_ERR_CNT, COPY_IRQ, PERF_COPIES, COPY_CONFIG) in place of the reserved copy-engine window; 1.5 adds the GPUpIO yield window at 0x2400 (YIELD_SIGNAL, YIELD_TAKE, YIELD_SPIN, YIELD_FULL, YIELD_NOWORK, YIELD_WAKE, YIELD_ERR) and the automatic-request counters TR_AUTO, TR_AUTO_NV in the TReM window; 1.6 adds TR_CTRL.UNIT (Elastic's SMs per user-facing task), and YIELD_CTRL (TAIL, MAXWAIT) and YIELD_WKERR to the yield window; 1.7 (issue 13: every write is answered within a bounded time) answers REG_CMD, HL_CMD and TR_CMD SLVERR while their stage is occupied instead of holding the bus, and takes every doorbell at once (a pending count per EKT entry; a full count refuses: DB_INFLIGHT).
localparam [31:0]  KMU_VERSION_RESET = 32'h00000107;
localparam [31:0]  KMU_VERSION_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_VERSION_RD = 1'd1;
localparam [0:0]   KMU_VERSION_WR = 1'd0;
localparam integer KMU_VERSION_VALUE_SHIFT = 0;  // RO: constant
localparam integer KMU_VERSION_VALUE_WIDTH = 32;
localparam [31:0]  KMU_VERSION_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_VERSION_VALUE_RESET = 32'h00000107;

// ---- CONFIG
localparam [15:0]  KMU_CONFIG_ADDR = 16'h0008;  // Build parameters.
localparam [31:0]  KMU_CONFIG_RESET = 32'h00101008;
localparam [31:0]  KMU_CONFIG_MASK = 32'h00FFFFFF;
localparam [0:0]   KMU_CONFIG_RD = 1'd1;
localparam [0:0]   KMU_CONFIG_WR = 1'd0;
localparam integer KMU_CONFIG_EKT_ENTRIES_SHIFT = 0;  // RO: EKT entries
localparam integer KMU_CONFIG_EKT_ENTRIES_WIDTH = 8;
localparam [31:0]  KMU_CONFIG_EKT_ENTRIES_MASK = 32'h000000FF;
localparam [31:0]  KMU_CONFIG_EKT_ENTRIES_RESET = 32'h00000008;
localparam integer KMU_CONFIG_CNT_W_SHIFT = 8;  // RO: counter width in bits
localparam integer KMU_CONFIG_CNT_W_WIDTH = 8;
localparam [31:0]  KMU_CONFIG_CNT_W_MASK = 32'h0000FF00;
localparam [31:0]  KMU_CONFIG_CNT_W_RESET = 32'h00000010;
localparam integer KMU_CONFIG_AW_SHIFT = 16;  // RO: bus address width in bits
localparam integer KMU_CONFIG_AW_WIDTH = 8;
localparam [31:0]  KMU_CONFIG_AW_MASK = 32'h00FF0000;
localparam [31:0]  KMU_CONFIG_AW_RESET = 32'h00000010;

// ---- STATUS
localparam [15:0]  KMU_STATUS_ADDR = 16'h000C;  // Live status.
localparam [31:0]  KMU_STATUS_RESET = 32'h00000000;
localparam [31:0]  KMU_STATUS_MASK = 32'h00000003;
localparam [0:0]   KMU_STATUS_RD = 1'd1;
localparam [0:0]   KMU_STATUS_WR = 1'd0;
localparam integer KMU_STATUS_REG_BUSY_SHIFT = 0;  // RO: a registration is in progress in the EKT
localparam integer KMU_STATUS_REG_BUSY_WIDTH = 1;
localparam [31:0]  KMU_STATUS_REG_BUSY_MASK = 32'h00000001;
localparam [31:0]  KMU_STATUS_REG_BUSY_RESET = 32'h00000000;
localparam integer KMU_STATUS_DESC_PENDING_SHIFT = 1;  // RO: a descriptor is waiting to be taken
localparam integer KMU_STATUS_DESC_PENDING_WIDTH = 1;
localparam [31:0]  KMU_STATUS_DESC_PENDING_MASK = 32'h00000002;
localparam [31:0]  KMU_STATUS_DESC_PENDING_RESET = 32'h00000000;

// ---- ERR_STATUS
localparam [15:0]  KMU_ERR_STATUS_ADDR = 16'h0010;  // Sticky error flags; write 1 to clear. A flag set and cleared in the same cycle stays set. Raises irq_o while any flag is set and IRQ_ENABLE.ERR is 1.
localparam [31:0]  KMU_ERR_STATUS_RESET = 32'h00000000;
localparam [31:0]  KMU_ERR_STATUS_MASK = 32'h000000FF;
localparam [0:0]   KMU_ERR_STATUS_RD = 1'd1;
localparam [0:0]   KMU_ERR_STATUS_WR = 1'd1;
localparam integer KMU_ERR_STATUS_DB_UNKNOWN_SHIFT = 0;  // RW1C: doorbell index >= EKT entries
localparam integer KMU_ERR_STATUS_DB_UNKNOWN_WIDTH = 1;
localparam [31:0]  KMU_ERR_STATUS_DB_UNKNOWN_MASK = 32'h00000001;
localparam [31:0]  KMU_ERR_STATUS_DB_UNKNOWN_RESET = 32'h00000000;
localparam integer KMU_ERR_STATUS_DB_UNREG_SHIFT = 1;  // RW1C: doorbell of an unregistered entry
localparam integer KMU_ERR_STATUS_DB_UNREG_WIDTH = 1;
localparam [31:0]  KMU_ERR_STATUS_DB_UNREG_MASK = 32'h00000002;
localparam [31:0]  KMU_ERR_STATUS_DB_UNREG_RESET = 32'h00000000;
localparam integer KMU_ERR_STATUS_DB_INFLIGHT_SHIFT = 2;  // RW1C: doorbell refused: in-flight limit, or its entry's pending-doorbell count full
localparam integer KMU_ERR_STATUS_DB_INFLIGHT_WIDTH = 1;
localparam [31:0]  KMU_ERR_STATUS_DB_INFLIGHT_MASK = 32'h00000004;
localparam [31:0]  KMU_ERR_STATUS_DB_INFLIGHT_RESET = 32'h00000000;
localparam integer KMU_ERR_STATUS_REG_REFUSED_SHIFT = 3;  // RW1C: a registration finished with a code != OK
localparam integer KMU_ERR_STATUS_REG_REFUSED_WIDTH = 1;
localparam [31:0]  KMU_ERR_STATUS_REG_REFUSED_MASK = 32'h00000008;
localparam [31:0]  KMU_ERR_STATUS_REG_REFUSED_RESET = 32'h00000000;
localparam integer KMU_ERR_STATUS_UNREG_REFUSED_SHIFT = 4;  // RW1C: an unregistration was refused
localparam integer KMU_ERR_STATUS_UNREG_REFUSED_WIDTH = 1;
localparam [31:0]  KMU_ERR_STATUS_UNREG_REFUSED_MASK = 32'h00000010;
localparam [31:0]  KMU_ERR_STATUS_UNREG_REFUSED_RESET = 32'h00000000;
localparam integer KMU_ERR_STATUS_CPL_SPURIOUS_SHIFT = 5;  // RW1C: completion of an unregistered entry or one with nothing in flight
localparam integer KMU_ERR_STATUS_CPL_SPURIOUS_WIDTH = 1;
localparam [31:0]  KMU_ERR_STATUS_CPL_SPURIOUS_MASK = 32'h00000020;
localparam [31:0]  KMU_ERR_STATUS_CPL_SPURIOUS_RESET = 32'h00000000;
localparam integer KMU_ERR_STATUS_BUS_SHIFT = 6;  // RW1C: a bus request was answered SLVERR
localparam integer KMU_ERR_STATUS_BUS_WIDTH = 1;
localparam [31:0]  KMU_ERR_STATUS_BUS_MASK = 32'h00000040;
localparam [31:0]  KMU_ERR_STATUS_BUS_RESET = 32'h00000000;
localparam integer KMU_ERR_STATUS_HOST_REFUSED_SHIFT = 7;  // RW1C: a host launch was refused (a zero grid or TB dimension)
localparam integer KMU_ERR_STATUS_HOST_REFUSED_WIDTH = 1;
localparam [31:0]  KMU_ERR_STATUS_HOST_REFUSED_MASK = 32'h00000080;
localparam [31:0]  KMU_ERR_STATUS_HOST_REFUSED_RESET = 32'h00000000;

// ---- ERR_DB_INFO
localparam [15:0]  KMU_ERR_DB_INFO_ADDR = 16'h0014;  // The last refused doorbell (kept by kmu_doorbell).
localparam [31:0]  KMU_ERR_DB_INFO_RESET = 32'h00000000;
localparam [31:0]  KMU_ERR_DB_INFO_MASK = 32'h0003FFFF;
localparam [0:0]   KMU_ERR_DB_INFO_RD = 1'd1;
localparam [0:0]   KMU_ERR_DB_INFO_WR = 1'd0;
localparam integer KMU_ERR_DB_INFO_IDX_SHIFT = 0;  // RO: doorbell index (word index in the doorbell window)
localparam integer KMU_ERR_DB_INFO_IDX_WIDTH = 16;
localparam [31:0]  KMU_ERR_DB_INFO_IDX_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_ERR_DB_INFO_IDX_RESET = 32'h00000000;
localparam integer KMU_ERR_DB_INFO_CAUSE_SHIFT = 16;  // RO: why it was refused
localparam integer KMU_ERR_DB_INFO_CAUSE_WIDTH = 2;
localparam [31:0]  KMU_ERR_DB_INFO_CAUSE_MASK = 32'h00030000;
localparam [31:0]  KMU_ERR_DB_INFO_CAUSE_RESET = 32'h00000000;

// ---- ERR_CNT_DB
localparam [15:0]  KMU_ERR_CNT_DB_ADDR = 16'h0018;  // Refused doorbells (unknown, unregistered, in-flight limit or pending count full).
localparam [31:0]  KMU_ERR_CNT_DB_RESET = 32'h00000000;
localparam [31:0]  KMU_ERR_CNT_DB_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_ERR_CNT_DB_RD = 1'd1;
localparam [0:0]   KMU_ERR_CNT_DB_WR = 1'd1;
localparam integer KMU_ERR_CNT_DB_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_ERR_CNT_DB_COUNT_WIDTH = 16;
localparam [31:0]  KMU_ERR_CNT_DB_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_ERR_CNT_DB_COUNT_RESET = 32'h00000000;

// ---- ERR_CNT_REG
localparam [15:0]  KMU_ERR_CNT_REG_ADDR = 16'h001C;  // Refused registrations, refused unregistrations and refused host launches.
localparam [31:0]  KMU_ERR_CNT_REG_RESET = 32'h00000000;
localparam [31:0]  KMU_ERR_CNT_REG_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_ERR_CNT_REG_RD = 1'd1;
localparam [0:0]   KMU_ERR_CNT_REG_WR = 1'd1;
localparam integer KMU_ERR_CNT_REG_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_ERR_CNT_REG_COUNT_WIDTH = 16;
localparam [31:0]  KMU_ERR_CNT_REG_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_ERR_CNT_REG_COUNT_RESET = 32'h00000000;

// ---- ERR_CNT_BUS
localparam [15:0]  KMU_ERR_CNT_BUS_ADDR = 16'h0020;  // Bus requests answered SLVERR (busy commands included: REG_CMD, HL_CMD, TR_CMD, COPY_GO).
localparam [31:0]  KMU_ERR_CNT_BUS_RESET = 32'h00000000;
localparam [31:0]  KMU_ERR_CNT_BUS_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_ERR_CNT_BUS_RD = 1'd1;
localparam [0:0]   KMU_ERR_CNT_BUS_WR = 1'd1;
localparam integer KMU_ERR_CNT_BUS_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_ERR_CNT_BUS_COUNT_WIDTH = 16;
localparam [31:0]  KMU_ERR_CNT_BUS_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_ERR_CNT_BUS_COUNT_RESET = 32'h00000000;

// ---- ERR_CNT_CPL
localparam [15:0]  KMU_ERR_CNT_CPL_ADDR = 16'h0024;  // Spurious completions.
localparam [31:0]  KMU_ERR_CNT_CPL_RESET = 32'h00000000;
localparam [31:0]  KMU_ERR_CNT_CPL_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_ERR_CNT_CPL_RD = 1'd1;
localparam [0:0]   KMU_ERR_CNT_CPL_WR = 1'd1;
localparam integer KMU_ERR_CNT_CPL_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_ERR_CNT_CPL_COUNT_WIDTH = 16;
localparam [31:0]  KMU_ERR_CNT_CPL_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_ERR_CNT_CPL_COUNT_RESET = 32'h00000000;

// ---- EKT_VALID
localparam [15:0]  KMU_EKT_VALID_ADDR = 16'h0028;  // Registered EKT entries (bit i = entry i), low 32 entries.
localparam [31:0]  KMU_EKT_VALID_RESET = 32'h00000000;
localparam [31:0]  KMU_EKT_VALID_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_EKT_VALID_RD = 1'd1;
localparam [0:0]   KMU_EKT_VALID_WR = 1'd0;
localparam integer KMU_EKT_VALID_VALID_SHIFT = 0;  // RO: valid bitmap, zero-extended
localparam integer KMU_EKT_VALID_VALID_WIDTH = 32;
localparam [31:0]  KMU_EKT_VALID_VALID_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_EKT_VALID_VALID_RESET = 32'h00000000;

// ---- KERNEL_STATUS
localparam [15:0]  KMU_KERNEL_STATUS_ADDR = 16'h002C;  // Kernel completion status; write 1 to clear. A flag set and cleared in the same cycle stays set. Raises irq_o while set and IRQ_ENABLE.KERNEL_DONE is 1.
localparam [31:0]  KMU_KERNEL_STATUS_RESET = 32'h00000000;
localparam [31:0]  KMU_KERNEL_STATUS_MASK = 32'h00000001;
localparam [0:0]   KMU_KERNEL_STATUS_RD = 1'd1;
localparam [0:0]   KMU_KERNEL_STATUS_WR = 1'd1;
localparam integer KMU_KERNEL_STATUS_KERNEL_DONE_SHIFT = 0;  // RW1C: a kernel completed (any kernel, event or host)
localparam integer KMU_KERNEL_STATUS_KERNEL_DONE_WIDTH = 1;
localparam [31:0]  KMU_KERNEL_STATUS_KERNEL_DONE_MASK = 32'h00000001;
localparam [31:0]  KMU_KERNEL_STATUS_KERNEL_DONE_RESET = 32'h00000000;

// ---- KMU_CTRL
localparam [15:0]  KMU_KMU_CTRL_ADDR = 16'h0030;  // Kernel management control.
localparam [31:0]  KMU_KMU_CTRL_RESET = 32'h00000000;
localparam [31:0]  KMU_KMU_CTRL_MASK = 32'h00000001;
localparam [0:0]   KMU_KMU_CTRL_RD = 1'd1;
localparam [0:0]   KMU_KMU_CTRL_WR = 1'd1;
localparam integer KMU_KMU_CTRL_RGEM_SHIFT = 0;  // RW: RGEM mode (RGEM 3.2): one kernel at a time, the highest-priority pending one first; 0: concurrent kernels
localparam integer KMU_KMU_CTRL_RGEM_WIDTH = 1;
localparam [31:0]  KMU_KMU_CTRL_RGEM_MASK = 32'h00000001;
localparam [31:0]  KMU_KMU_CTRL_RGEM_RESET = 32'h00000000;

// ---- SM_RESERVE
localparam [15:0]  KMU_SM_RESERVE_ADDR = 16'h0034;  // SMs reserved for event kernels (EDGE IV-A): when any SM is reserved, event kernels run only on reserved SMs and host kernels never do. Bits NSM..31 are not implemented (read 0, writes ignored); SMs 32 and up cannot be reserved.
localparam [31:0]  KMU_SM_RESERVE_RESET = 32'h00000000;
localparam [31:0]  KMU_SM_RESERVE_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_SM_RESERVE_RD = 1'd1;
localparam [0:0]   KMU_SM_RESERVE_WR = 1'd1;
localparam integer KMU_SM_RESERVE_SMS_SHIFT = 0;  // RW: bit i reserves SM i
localparam integer KMU_SM_RESERVE_SMS_WIDTH = 32;
localparam [31:0]  KMU_SM_RESERVE_SMS_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_SM_RESERVE_SMS_RESET = 32'h00000000;

// ---- IRQ_ENABLE
localparam [15:0]  KMU_IRQ_ENABLE_ADDR = 16'h0038;  // Interrupt enables: irq_o = (ERR && ERR_STATUS != 0) || (KERNEL_DONE && KERNEL_STATUS.KERNEL_DONE).
localparam [31:0]  KMU_IRQ_ENABLE_RESET = 32'h00000001;
localparam [31:0]  KMU_IRQ_ENABLE_MASK = 32'h00000003;
localparam [0:0]   KMU_IRQ_ENABLE_RD = 1'd1;
localparam [0:0]   KMU_IRQ_ENABLE_WR = 1'd1;
localparam integer KMU_IRQ_ENABLE_ERR_SHIFT = 0;  // RW: raise irq_o while any ERR_STATUS flag is set
localparam integer KMU_IRQ_ENABLE_ERR_WIDTH = 1;
localparam [31:0]  KMU_IRQ_ENABLE_ERR_MASK = 32'h00000001;
localparam [31:0]  KMU_IRQ_ENABLE_ERR_RESET = 32'h00000001;
localparam integer KMU_IRQ_ENABLE_KERNEL_DONE_SHIFT = 1;  // RW: raise irq_o while KERNEL_STATUS.KERNEL_DONE is set
localparam integer KMU_IRQ_ENABLE_KERNEL_DONE_WIDTH = 1;
localparam [31:0]  KMU_IRQ_ENABLE_KERNEL_DONE_MASK = 32'h00000002;
localparam [31:0]  KMU_IRQ_ENABLE_KERNEL_DONE_RESET = 32'h00000000;

// ---- PERF_DOORBELLS
localparam [15:0]  KMU_PERF_DOORBELLS_ADDR = 16'h0040;  // Doorbells that launched an event kernel.
localparam [31:0]  KMU_PERF_DOORBELLS_RESET = 32'h00000000;
localparam [31:0]  KMU_PERF_DOORBELLS_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_PERF_DOORBELLS_RD = 1'd1;
localparam [0:0]   KMU_PERF_DOORBELLS_WR = 1'd1;
localparam integer KMU_PERF_DOORBELLS_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_PERF_DOORBELLS_COUNT_WIDTH = 16;
localparam [31:0]  KMU_PERF_DOORBELLS_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_PERF_DOORBELLS_COUNT_RESET = 32'h00000000;

// ---- PERF_LAUNCHES
localparam [15:0]  KMU_PERF_LAUNCHES_ADDR = 16'h0044;  // Descriptors handed out by the EKT.
localparam [31:0]  KMU_PERF_LAUNCHES_RESET = 32'h00000000;
localparam [31:0]  KMU_PERF_LAUNCHES_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_PERF_LAUNCHES_RD = 1'd1;
localparam [0:0]   KMU_PERF_LAUNCHES_WR = 1'd1;
localparam integer KMU_PERF_LAUNCHES_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_PERF_LAUNCHES_COUNT_WIDTH = 16;
localparam [31:0]  KMU_PERF_LAUNCHES_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_PERF_LAUNCHES_COUNT_RESET = 32'h00000000;

// ---- PERF_COMPLETIONS
localparam [15:0]  KMU_PERF_COMPLETIONS_ADDR = 16'h0048;  // Valid completions (credits returned).
localparam [31:0]  KMU_PERF_COMPLETIONS_RESET = 32'h00000000;
localparam [31:0]  KMU_PERF_COMPLETIONS_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_PERF_COMPLETIONS_RD = 1'd1;
localparam [0:0]   KMU_PERF_COMPLETIONS_WR = 1'd1;
localparam integer KMU_PERF_COMPLETIONS_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_PERF_COMPLETIONS_COUNT_WIDTH = 16;
localparam [31:0]  KMU_PERF_COMPLETIONS_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_PERF_COMPLETIONS_COUNT_RESET = 32'h00000000;

// ---- SCRATCH
localparam [15:0]  KMU_SCRATCH_ADDR = 16'h004C;  // Scratch register for software (no effect).
localparam [31:0]  KMU_SCRATCH_RESET = 32'h00000000;
localparam [31:0]  KMU_SCRATCH_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_SCRATCH_RD = 1'd1;
localparam [0:0]   KMU_SCRATCH_WR = 1'd1;
localparam integer KMU_SCRATCH_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_SCRATCH_VALUE_WIDTH = 32;
localparam [31:0]  KMU_SCRATCH_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_SCRATCH_VALUE_RESET = 32'h00000000;

// ---- PERF_KERNELS
localparam [15:0]  KMU_PERF_KERNELS_ADDR = 16'h0050;  // Completed kernels (event and host).
localparam [31:0]  KMU_PERF_KERNELS_RESET = 32'h00000000;
localparam [31:0]  KMU_PERF_KERNELS_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_PERF_KERNELS_RD = 1'd1;
localparam [0:0]   KMU_PERF_KERNELS_WR = 1'd1;
localparam integer KMU_PERF_KERNELS_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_PERF_KERNELS_COUNT_WIDTH = 16;
localparam [31:0]  KMU_PERF_KERNELS_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_PERF_KERNELS_COUNT_RESET = 32'h00000000;

// ---- REG_KPTR
localparam [15:0]  KMU_REG_KPTR_ADDR = 16'h0100;  // Kernel pointer.
localparam [31:0]  KMU_REG_KPTR_RESET = 32'h00000000;
localparam [31:0]  KMU_REG_KPTR_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_REG_KPTR_RD = 1'd1;
localparam [0:0]   KMU_REG_KPTR_WR = 1'd1;
localparam integer KMU_REG_KPTR_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_REG_KPTR_VALUE_WIDTH = 32;
localparam [31:0]  KMU_REG_KPTR_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_REG_KPTR_VALUE_RESET = 32'h00000000;

// ---- REG_GRID_XY
localparam [15:0]  KMU_REG_GRID_XY_ADDR = 16'h0104;  // Grid dimensions x, y.
localparam [31:0]  KMU_REG_GRID_XY_RESET = 32'h00000000;
localparam [31:0]  KMU_REG_GRID_XY_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_REG_GRID_XY_RD = 1'd1;
localparam [0:0]   KMU_REG_GRID_XY_WR = 1'd1;
localparam integer KMU_REG_GRID_XY_X_SHIFT = 0;  // RW: grid x
localparam integer KMU_REG_GRID_XY_X_WIDTH = 16;
localparam [31:0]  KMU_REG_GRID_XY_X_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_REG_GRID_XY_X_RESET = 32'h00000000;
localparam integer KMU_REG_GRID_XY_Y_SHIFT = 16;  // RW: grid y
localparam integer KMU_REG_GRID_XY_Y_WIDTH = 16;
localparam [31:0]  KMU_REG_GRID_XY_Y_MASK = 32'hFFFF0000;
localparam [31:0]  KMU_REG_GRID_XY_Y_RESET = 32'h00000000;

// ---- REG_GRID_Z
localparam [15:0]  KMU_REG_GRID_Z_ADDR = 16'h0108;  // Grid dimension z.
localparam [31:0]  KMU_REG_GRID_Z_RESET = 32'h00000000;
localparam [31:0]  KMU_REG_GRID_Z_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_REG_GRID_Z_RD = 1'd1;
localparam [0:0]   KMU_REG_GRID_Z_WR = 1'd1;
localparam integer KMU_REG_GRID_Z_Z_SHIFT = 0;  // RW: grid z
localparam integer KMU_REG_GRID_Z_Z_WIDTH = 16;
localparam [31:0]  KMU_REG_GRID_Z_Z_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_REG_GRID_Z_Z_RESET = 32'h00000000;

// ---- REG_TB_XY
localparam [15:0]  KMU_REG_TB_XY_ADDR = 16'h010C;  // Thread-block dimensions x, y.
localparam [31:0]  KMU_REG_TB_XY_RESET = 32'h00000000;
localparam [31:0]  KMU_REG_TB_XY_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_REG_TB_XY_RD = 1'd1;
localparam [0:0]   KMU_REG_TB_XY_WR = 1'd1;
localparam integer KMU_REG_TB_XY_X_SHIFT = 0;  // RW: TB x
localparam integer KMU_REG_TB_XY_X_WIDTH = 16;
localparam [31:0]  KMU_REG_TB_XY_X_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_REG_TB_XY_X_RESET = 32'h00000000;
localparam integer KMU_REG_TB_XY_Y_SHIFT = 16;  // RW: TB y
localparam integer KMU_REG_TB_XY_Y_WIDTH = 16;
localparam [31:0]  KMU_REG_TB_XY_Y_MASK = 32'hFFFF0000;
localparam [31:0]  KMU_REG_TB_XY_Y_RESET = 32'h00000000;

// ---- REG_TB_Z
localparam [15:0]  KMU_REG_TB_Z_ADDR = 16'h0110;  // Thread-block dimension z.
localparam [31:0]  KMU_REG_TB_Z_RESET = 32'h00000000;
localparam [31:0]  KMU_REG_TB_Z_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_REG_TB_Z_RD = 1'd1;
localparam [0:0]   KMU_REG_TB_Z_WR = 1'd1;
localparam integer KMU_REG_TB_Z_Z_SHIFT = 0;  // RW: TB z
localparam integer KMU_REG_TB_Z_Z_WIDTH = 16;
localparam [31:0]  KMU_REG_TB_Z_Z_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_REG_TB_Z_Z_RESET = 32'h00000000;

// ---- REG_RES
localparam [15:0]  KMU_REG_RES_ADDR = 16'h0114;  // Resources.
localparam [31:0]  KMU_REG_RES_RESET = 32'h00000000;
localparam [31:0]  KMU_REG_RES_MASK = 32'h03FFFFFF;
localparam [0:0]   KMU_REG_RES_RD = 1'd1;
localparam [0:0]   KMU_REG_RES_WR = 1'd1;
localparam integer KMU_REG_RES_SHMEM_SHIFT = 0;  // RW: shared memory bytes
localparam integer KMU_REG_RES_SHMEM_WIDTH = 16;
localparam [31:0]  KMU_REG_RES_SHMEM_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_REG_RES_SHMEM_RESET = 32'h00000000;
localparam integer KMU_REG_RES_NREGS_SHIFT = 16;  // RW: registers per thread
localparam integer KMU_REG_RES_NREGS_WIDTH = 8;
localparam [31:0]  KMU_REG_RES_NREGS_MASK = 32'h00FF0000;
localparam [31:0]  KMU_REG_RES_NREGS_RESET = 32'h00000000;
localparam integer KMU_REG_RES_PRIO_SHIFT = 24;  // RW: priority
localparam integer KMU_REG_RES_PRIO_WIDTH = 2;
localparam [31:0]  KMU_REG_RES_PRIO_MASK = 32'h03000000;
localparam [31:0]  KMU_REG_RES_PRIO_RESET = 32'h00000000;

// ---- REG_PBASE
localparam [15:0]  KMU_REG_PBASE_ADDR = 16'h0118;  // Parameter buffer base (byte address, multiple of 4).
localparam [31:0]  KMU_REG_PBASE_RESET = 32'h00000000;
localparam [31:0]  KMU_REG_PBASE_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_REG_PBASE_RD = 1'd1;
localparam [0:0]   KMU_REG_PBASE_WR = 1'd1;
localparam integer KMU_REG_PBASE_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_REG_PBASE_VALUE_WIDTH = 32;
localparam [31:0]  KMU_REG_PBASE_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_REG_PBASE_VALUE_RESET = 32'h00000000;

// ---- REG_PEND
localparam [15:0]  KMU_REG_PEND_ADDR = 16'h011C;  // Parameter buffer end (exclusive: one past the last byte).
localparam [31:0]  KMU_REG_PEND_RESET = 32'h00000000;
localparam [31:0]  KMU_REG_PEND_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_REG_PEND_RD = 1'd1;
localparam [0:0]   KMU_REG_PEND_WR = 1'd1;
localparam integer KMU_REG_PEND_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_REG_PEND_VALUE_WIDTH = 32;
localparam [31:0]  KMU_REG_PEND_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_REG_PEND_VALUE_RESET = 32'h00000000;

// ---- REG_PSIZE
localparam [15:0]  KMU_REG_PSIZE_ADDR = 16'h0120;  // Parameter entry size and in-flight limit.
localparam [31:0]  KMU_REG_PSIZE_RESET = 32'h00000000;
localparam [31:0]  KMU_REG_PSIZE_MASK = 32'h00FFFFFF;
localparam [0:0]   KMU_REG_PSIZE_RD = 1'd1;
localparam [0:0]   KMU_REG_PSIZE_WR = 1'd1;
localparam integer KMU_REG_PSIZE_ESIZE_SHIFT = 0;  // RW: parameter entry size in bytes
localparam integer KMU_REG_PSIZE_ESIZE_WIDTH = 16;
localparam [31:0]  KMU_REG_PSIZE_ESIZE_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_REG_PSIZE_ESIZE_RESET = 32'h00000000;
localparam integer KMU_REG_PSIZE_MAXINF_SHIFT = 16;  // RW: max in-flight events
localparam integer KMU_REG_PSIZE_MAXINF_WIDTH = 8;
localparam [31:0]  KMU_REG_PSIZE_MAXINF_MASK = 32'h00FF0000;
localparam [31:0]  KMU_REG_PSIZE_MAXINF_RESET = 32'h00000000;

// ---- REG_CMD
localparam [15:0]  KMU_REG_CMD_ADDR = 16'h0124;  // Any write starts a registration with the staging registers. SLVERR (busy), nothing started, while a registration is in progress (REG_RESULT.BUSY): the bus never waits.
localparam [31:0]  KMU_REG_CMD_RESET = 32'h00000000;
localparam [31:0]  KMU_REG_CMD_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_REG_CMD_RD = 1'd0;
localparam [0:0]   KMU_REG_CMD_WR = 1'd1;
localparam integer KMU_REG_CMD_GO_SHIFT = 0;  // WO: ignored
localparam integer KMU_REG_CMD_GO_WIDTH = 32;
localparam [31:0]  KMU_REG_CMD_GO_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_REG_CMD_GO_RESET = 32'h00000000;

// ---- REG_RESULT
localparam [15:0]  KMU_REG_RESULT_ADDR = 16'h0128;  // Result of the last registration.
localparam [31:0]  KMU_REG_RESULT_RESET = 32'h00000000;
localparam [31:0]  KMU_REG_RESULT_MASK = 32'hC00700FF;
localparam [0:0]   KMU_REG_RESULT_RD = 1'd1;
localparam [0:0]   KMU_REG_RESULT_WR = 1'd0;
localparam integer KMU_REG_RESULT_ID_SHIFT = 0;  // RO: doorbell id (EKT entry) assigned
localparam integer KMU_REG_RESULT_ID_WIDTH = 8;
localparam [31:0]  KMU_REG_RESULT_ID_MASK = 32'h000000FF;
localparam [31:0]  KMU_REG_RESULT_ID_RESET = 32'h00000000;
localparam integer KMU_REG_RESULT_CODE_SHIFT = 16;  // RO: result code
localparam integer KMU_REG_RESULT_CODE_WIDTH = 3;
localparam [31:0]  KMU_REG_RESULT_CODE_MASK = 32'h00070000;
localparam [31:0]  KMU_REG_RESULT_CODE_RESET = 32'h00000000;
localparam integer KMU_REG_RESULT_DONE_SHIFT = 30;  // RO: a result is here (cleared when the next registration starts)
localparam integer KMU_REG_RESULT_DONE_WIDTH = 1;
localparam [31:0]  KMU_REG_RESULT_DONE_MASK = 32'h40000000;
localparam [31:0]  KMU_REG_RESULT_DONE_RESET = 32'h00000000;
localparam integer KMU_REG_RESULT_BUSY_SHIFT = 31;  // RO: a registration is in progress
localparam integer KMU_REG_RESULT_BUSY_WIDTH = 1;
localparam [31:0]  KMU_REG_RESULT_BUSY_MASK = 32'h80000000;
localparam [31:0]  KMU_REG_RESULT_BUSY_RESET = 32'h00000000;

// ---- UNREG_CMD
localparam [15:0]  KMU_UNREG_CMD_ADDR = 16'h012C;  // Write the doorbell id to unregister (BUSY while events are in flight or doorbells of it wait).
localparam [31:0]  KMU_UNREG_CMD_RESET = 32'h00000000;
localparam [31:0]  KMU_UNREG_CMD_MASK = 32'h000000FF;
localparam [0:0]   KMU_UNREG_CMD_RD = 1'd0;
localparam [0:0]   KMU_UNREG_CMD_WR = 1'd1;
localparam integer KMU_UNREG_CMD_ID_SHIFT = 0;  // WO: doorbell id
localparam integer KMU_UNREG_CMD_ID_WIDTH = 8;
localparam [31:0]  KMU_UNREG_CMD_ID_MASK = 32'h000000FF;
localparam [31:0]  KMU_UNREG_CMD_ID_RESET = 32'h00000000;

// ---- UNREG_RESULT
localparam [15:0]  KMU_UNREG_RESULT_ADDR = 16'h0130;  // Result of the last unregistration (captured in the UNREG_CMD write cycle).
localparam [31:0]  KMU_UNREG_RESULT_RESET = 32'h00000000;
localparam [31:0]  KMU_UNREG_RESULT_MASK = 32'h400300FF;
localparam [0:0]   KMU_UNREG_RESULT_RD = 1'd1;
localparam [0:0]   KMU_UNREG_RESULT_WR = 1'd0;
localparam integer KMU_UNREG_RESULT_ID_SHIFT = 0;  // RO: doorbell id
localparam integer KMU_UNREG_RESULT_ID_WIDTH = 8;
localparam [31:0]  KMU_UNREG_RESULT_ID_MASK = 32'h000000FF;
localparam [31:0]  KMU_UNREG_RESULT_ID_RESET = 32'h00000000;
localparam integer KMU_UNREG_RESULT_CODE_SHIFT = 16;  // RO: result code
localparam integer KMU_UNREG_RESULT_CODE_WIDTH = 2;
localparam [31:0]  KMU_UNREG_RESULT_CODE_MASK = 32'h00030000;
localparam [31:0]  KMU_UNREG_RESULT_CODE_RESET = 32'h00000000;
localparam integer KMU_UNREG_RESULT_DONE_SHIFT = 30;  // RO: a result is here
localparam integer KMU_UNREG_RESULT_DONE_WIDTH = 1;
localparam [31:0]  KMU_UNREG_RESULT_DONE_MASK = 32'h40000000;
localparam [31:0]  KMU_UNREG_RESULT_DONE_RESET = 32'h00000000;

// ---- DOORBELL
localparam [15:0]  KMU_DOORBELL_ADDR = 16'h1000;  // element 0; Doorbell i at 0x1000 + 4*i; write-only, any value. Answered OKAY at once whatever the back end does: a doorbell the EKT cannot take yet waits in its entry's pending count (refused when the count is full: ERR_STATUS.DB_INFLIGHT); an unregister of an entry with doorbells waiting is BUSY.
localparam integer KMU_DOORBELL_COUNT = 1024;
localparam integer KMU_DOORBELL_STRIDE = 4;
localparam [31:0]  KMU_DOORBELL_RESET = 32'h00000000;
localparam [31:0]  KMU_DOORBELL_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_DOORBELL_RD = 1'd0;
localparam [0:0]   KMU_DOORBELL_WR = 1'd1;
localparam integer KMU_DOORBELL_RING_SHIFT = 0;  // WO: ignored
localparam integer KMU_DOORBELL_RING_WIDTH = 32;
localparam [31:0]  KMU_DOORBELL_RING_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_DOORBELL_RING_RESET = 32'h00000000;

// ---- HL_KPTR
localparam [15:0]  KMU_HL_KPTR_ADDR = 16'h2000;  // Kernel pointer.
localparam [31:0]  KMU_HL_KPTR_RESET = 32'h00000000;
localparam [31:0]  KMU_HL_KPTR_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_HL_KPTR_RD = 1'd1;
localparam [0:0]   KMU_HL_KPTR_WR = 1'd1;
localparam integer KMU_HL_KPTR_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_HL_KPTR_VALUE_WIDTH = 32;
localparam [31:0]  KMU_HL_KPTR_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_HL_KPTR_VALUE_RESET = 32'h00000000;

// ---- HL_GRID_XY
localparam [15:0]  KMU_HL_GRID_XY_ADDR = 16'h2004;  // Grid dimensions x, y.
localparam [31:0]  KMU_HL_GRID_XY_RESET = 32'h00000000;
localparam [31:0]  KMU_HL_GRID_XY_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_HL_GRID_XY_RD = 1'd1;
localparam [0:0]   KMU_HL_GRID_XY_WR = 1'd1;
localparam integer KMU_HL_GRID_XY_X_SHIFT = 0;  // RW: grid x
localparam integer KMU_HL_GRID_XY_X_WIDTH = 16;
localparam [31:0]  KMU_HL_GRID_XY_X_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_HL_GRID_XY_X_RESET = 32'h00000000;
localparam integer KMU_HL_GRID_XY_Y_SHIFT = 16;  // RW: grid y
localparam integer KMU_HL_GRID_XY_Y_WIDTH = 16;
localparam [31:0]  KMU_HL_GRID_XY_Y_MASK = 32'hFFFF0000;
localparam [31:0]  KMU_HL_GRID_XY_Y_RESET = 32'h00000000;

// ---- HL_GRID_Z
localparam [15:0]  KMU_HL_GRID_Z_ADDR = 16'h2008;  // Grid dimension z.
localparam [31:0]  KMU_HL_GRID_Z_RESET = 32'h00000000;
localparam [31:0]  KMU_HL_GRID_Z_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_HL_GRID_Z_RD = 1'd1;
localparam [0:0]   KMU_HL_GRID_Z_WR = 1'd1;
localparam integer KMU_HL_GRID_Z_Z_SHIFT = 0;  // RW: grid z
localparam integer KMU_HL_GRID_Z_Z_WIDTH = 16;
localparam [31:0]  KMU_HL_GRID_Z_Z_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_HL_GRID_Z_Z_RESET = 32'h00000000;

// ---- HL_TB_XY
localparam [15:0]  KMU_HL_TB_XY_ADDR = 16'h200C;  // Thread-block dimensions x, y.
localparam [31:0]  KMU_HL_TB_XY_RESET = 32'h00000000;
localparam [31:0]  KMU_HL_TB_XY_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_HL_TB_XY_RD = 1'd1;
localparam [0:0]   KMU_HL_TB_XY_WR = 1'd1;
localparam integer KMU_HL_TB_XY_X_SHIFT = 0;  // RW: TB x
localparam integer KMU_HL_TB_XY_X_WIDTH = 16;
localparam [31:0]  KMU_HL_TB_XY_X_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_HL_TB_XY_X_RESET = 32'h00000000;
localparam integer KMU_HL_TB_XY_Y_SHIFT = 16;  // RW: TB y
localparam integer KMU_HL_TB_XY_Y_WIDTH = 16;
localparam [31:0]  KMU_HL_TB_XY_Y_MASK = 32'hFFFF0000;
localparam [31:0]  KMU_HL_TB_XY_Y_RESET = 32'h00000000;

// ---- HL_TB_Z
localparam [15:0]  KMU_HL_TB_Z_ADDR = 16'h2010;  // Thread-block dimension z.
localparam [31:0]  KMU_HL_TB_Z_RESET = 32'h00000000;
localparam [31:0]  KMU_HL_TB_Z_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_HL_TB_Z_RD = 1'd1;
localparam [0:0]   KMU_HL_TB_Z_WR = 1'd1;
localparam integer KMU_HL_TB_Z_Z_SHIFT = 0;  // RW: TB z
localparam integer KMU_HL_TB_Z_Z_WIDTH = 16;
localparam [31:0]  KMU_HL_TB_Z_Z_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_HL_TB_Z_Z_RESET = 32'h00000000;

// ---- HL_RES
localparam [15:0]  KMU_HL_RES_ADDR = 16'h2014;  // Resources.
localparam [31:0]  KMU_HL_RES_RESET = 32'h00000000;
localparam [31:0]  KMU_HL_RES_MASK = 32'h07FFFFFF;
localparam [0:0]   KMU_HL_RES_RD = 1'd1;
localparam [0:0]   KMU_HL_RES_WR = 1'd1;
localparam integer KMU_HL_RES_SHMEM_SHIFT = 0;  // RW: shared memory bytes
localparam integer KMU_HL_RES_SHMEM_WIDTH = 16;
localparam [31:0]  KMU_HL_RES_SHMEM_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_HL_RES_SHMEM_RESET = 32'h00000000;
localparam integer KMU_HL_RES_NREGS_SHIFT = 16;  // RW: registers per thread
localparam integer KMU_HL_RES_NREGS_WIDTH = 8;
localparam [31:0]  KMU_HL_RES_NREGS_MASK = 32'h00FF0000;
localparam [31:0]  KMU_HL_RES_NREGS_RESET = 32'h00000000;
localparam integer KMU_HL_RES_PRIO_SHIFT = 24;  // RW: priority (3 = highest)
localparam integer KMU_HL_RES_PRIO_WIDTH = 2;
localparam [31:0]  KMU_HL_RES_PRIO_MASK = 32'h03000000;
localparam [31:0]  KMU_HL_RES_PRIO_RESET = 32'h00000000;
localparam integer KMU_HL_RES_CLASS_SHIFT = 26;  // RW: TReM class: 1 user-facing, 0 batch (revocable by ROOM requests and the TReM policies)
localparam integer KMU_HL_RES_CLASS_WIDTH = 1;
localparam [31:0]  KMU_HL_RES_CLASS_MASK = 32'h04000000;
localparam [31:0]  KMU_HL_RES_CLASS_RESET = 32'h00000000;

// ---- HL_PARAM
localparam [15:0]  KMU_HL_PARAM_ADDR = 16'h2018;  // Kernel parameter (parameter buffer address).
localparam [31:0]  KMU_HL_PARAM_RESET = 32'h00000000;
localparam [31:0]  KMU_HL_PARAM_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_HL_PARAM_RD = 1'd1;
localparam [0:0]   KMU_HL_PARAM_WR = 1'd1;
localparam integer KMU_HL_PARAM_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_HL_PARAM_VALUE_WIDTH = 32;
localparam [31:0]  KMU_HL_PARAM_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_HL_PARAM_VALUE_RESET = 32'h00000000;

// ---- HL_CPL_ADDR
localparam [15:0]  KMU_HL_CPL_ADDR_ADDR = 16'h201C;  // Completion flag address (written when the kernel completes).
localparam [31:0]  KMU_HL_CPL_ADDR_RESET = 32'h00000000;
localparam [31:0]  KMU_HL_CPL_ADDR_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_HL_CPL_ADDR_RD = 1'd1;
localparam [0:0]   KMU_HL_CPL_ADDR_WR = 1'd1;
localparam integer KMU_HL_CPL_ADDR_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_HL_CPL_ADDR_VALUE_WIDTH = 32;
localparam [31:0]  KMU_HL_CPL_ADDR_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_HL_CPL_ADDR_VALUE_RESET = 32'h00000000;

// ---- HL_CMD
localparam [15:0]  KMU_HL_CMD_ADDR = 16'h2020;  // Any write launches the staged kernel: the staging registers are copied into the host descriptor. SLVERR (busy), nothing launched, while the previous launch is still pending and not taken in that cycle (HL_STATUS.PENDING): the bus never waits; software retries. A zero grid or TB dimension is refused: nothing is launched, ERR_STATUS.HOST_REFUSED, ERR_CNT_REG.
localparam [31:0]  KMU_HL_CMD_RESET = 32'h00000000;
localparam [31:0]  KMU_HL_CMD_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_HL_CMD_RD = 1'd0;
localparam [0:0]   KMU_HL_CMD_WR = 1'd1;
localparam integer KMU_HL_CMD_GO_SHIFT = 0;  // WO: ignored
localparam integer KMU_HL_CMD_GO_WIDTH = 32;
localparam [31:0]  KMU_HL_CMD_GO_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_HL_CMD_GO_RESET = 32'h00000000;

// ---- HL_STATUS
localparam [15:0]  KMU_HL_STATUS_ADDR = 16'h2024;  // Host launch status.
localparam [31:0]  KMU_HL_STATUS_RESET = 32'h00000000;
localparam [31:0]  KMU_HL_STATUS_MASK = 32'h00000001;
localparam [0:0]   KMU_HL_STATUS_RD = 1'd1;
localparam [0:0]   KMU_HL_STATUS_WR = 1'd0;
localparam integer KMU_HL_STATUS_PENDING_SHIFT = 0;  // RO: a launched host kernel waits to be taken (host_valid_o)
localparam integer KMU_HL_STATUS_PENDING_WIDTH = 1;
localparam [31:0]  KMU_HL_STATUS_PENDING_MASK = 32'h00000001;
localparam [31:0]  KMU_HL_STATUS_PENDING_RESET = 32'h00000000;

// ---- HL_EST
localparam [15:0]  KMU_HL_EST_ADDR = 16'h2028;  // TReM: the kernel's estimated execution time in cycles (0: none given); the Elastic rule (ROOM_EL) compares what is left of it with TR_COST.
localparam [31:0]  KMU_HL_EST_RESET = 32'h00000000;
localparam [31:0]  KMU_HL_EST_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_HL_EST_RD = 1'd1;
localparam [0:0]   KMU_HL_EST_WR = 1'd1;
localparam integer KMU_HL_EST_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_HL_EST_VALUE_WIDTH = 32;
localparam [31:0]  KMU_HL_EST_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_HL_EST_VALUE_RESET = 32'h00000000;

// ---- PRE_CTRL
localparam [15:0]  KMU_PRE_CTRL_ADDR = 16'h2100;  // Preemption control. Reset: DRAIN, everything off.
localparam [31:0]  KMU_PRE_CTRL_RESET = 32'h00000000;
localparam [31:0]  KMU_PRE_CTRL_MASK = 32'h000007FF;
localparam [0:0]   KMU_PRE_CTRL_RD = 1'd1;
localparam [0:0]   KMU_PRE_CTRL_WR = 1'd1;
localparam integer KMU_PRE_CTRL_POLICY_SHIFT = 0;  // RW: TB-level preemption of SMs running lower-priority work when a higher-priority kernel cannot start; DRAIN: no TB-level preemption
localparam integer KMU_PRE_CTRL_POLICY_WIDTH = 2;
localparam [31:0]  KMU_PRE_CTRL_POLICY_MASK = 32'h00000003;
localparam [31:0]  KMU_PRE_CTRL_POLICY_RESET = 32'h00000000;
localparam integer KMU_PRE_CTRL_INPLACE_SHIFT = 2;  // RW: PEP in-place incremental saves: incremental checkpoints go to the SM's on-chip store instead of memory (inplace_en_i of kmu_sm_ctrl)
localparam integer KMU_PRE_CTRL_INPLACE_WIDTH = 1;
localparam [31:0]  KMU_PRE_CTRL_INPLACE_MASK = 32'h00000004;
localparam [31:0]  KMU_PRE_CTRL_INPLACE_RESET = 32'h00000000;
localparam integer KMU_PRE_CTRL_WP_EN_SHIFT = 3;  // RW: EDGE IV-D warp-level preemption for warp-level event kernels (wp_en_i of kmu_warp_preempt)
localparam integer KMU_PRE_CTRL_WP_EN_WIDTH = 1;
localparam [31:0]  KMU_PRE_CTRL_WP_EN_MASK = 32'h00000008;
localparam [31:0]  KMU_PRE_CTRL_WP_EN_RESET = 32'h00000000;
localparam integer KMU_PRE_CTRL_VPOL_SHIFT = 4;  // RW: warp-preemption victim policy (3 is reserved and acts as OLDEST)
localparam integer KMU_PRE_CTRL_VPOL_WIDTH = 2;
localparam [31:0]  KMU_PRE_CTRL_VPOL_MASK = 32'h00000030;
localparam [31:0]  KMU_PRE_CTRL_VPOL_RESET = 32'h00000000;
localparam integer KMU_PRE_CTRL_OPT_SHIFT = 6;  // RW: warp-preemption flush optimisations, opt_i[3:0] of kmu_warp_preempt: OPT[0] (bit 6) boost, OPT[1] (bit 7) i-buffer flush, OPT[2] (bit 8) barrier skip, OPT[3] (bit 9) load drop; reset 0, all off (kmu_warp_preempt names no default)
localparam integer KMU_PRE_CTRL_OPT_WIDTH = 4;
localparam [31:0]  KMU_PRE_CTRL_OPT_MASK = 32'h000003C0;
localparam [31:0]  KMU_PRE_CTRL_OPT_RESET = 32'h00000000;
localparam integer KMU_PRE_CTRL_ALL_SHIFT = 10;  // RW: ask every candidate SM in one request (all_i of kmu_preempt_ctrl); 0: one SM at a time, the next only while the stall persists (the default: it frees room at one SM's save speed); 1: every SM that runs only lower-priority TBs at once, all saving through the shared memory port (for studies of that choice, PEP's sweep)
localparam integer KMU_PRE_CTRL_ALL_WIDTH = 1;
localparam [31:0]  KMU_PRE_CTRL_ALL_MASK = 32'h00000400;
localparam [31:0]  KMU_PRE_CTRL_ALL_RESET = 32'h00000000;

// ---- PRE_CTX_BASE
localparam [15:0]  KMU_PRE_CTX_BASE_ADDR = 16'h2104;  // Byte address of the checkpoint areas in memory; SM s uses its own slice above it (the system top computes the slice).
localparam [31:0]  KMU_PRE_CTX_BASE_RESET = 32'h00000000;
localparam [31:0]  KMU_PRE_CTX_BASE_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_PRE_CTX_BASE_RD = 1'd1;
localparam [0:0]   KMU_PRE_CTX_BASE_WR = 1'd1;
localparam integer KMU_PRE_CTX_BASE_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_PRE_CTX_BASE_VALUE_WIDTH = 32;
localparam [31:0]  KMU_PRE_CTX_BASE_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_PRE_CTX_BASE_VALUE_RESET = 32'h00000000;

// ---- PRE_DEADLINE
localparam [15:0]  KMU_PRE_DEADLINE_ADDR = 16'h2108;  // Chimera's preemption deadline, cycles (deadline_i of kmu_pep_predictor).
localparam [31:0]  KMU_PRE_DEADLINE_RESET = 32'h00000000;
localparam [31:0]  KMU_PRE_DEADLINE_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_PRE_DEADLINE_RD = 1'd1;
localparam [0:0]   KMU_PRE_DEADLINE_WR = 1'd1;
localparam integer KMU_PRE_DEADLINE_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_PRE_DEADLINE_VALUE_WIDTH = 32;
localparam [31:0]  KMU_PRE_DEADLINE_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_PRE_DEADLINE_VALUE_RESET = 32'h00000000;

// ---- PRE_BW
localparam [15:0]  KMU_PRE_BW_ADDR = 16'h210C;  // Context-save bandwidth the PEP / Chimera cost estimate assumes.
localparam [31:0]  KMU_PRE_BW_RESET = 32'h00000002;
localparam [31:0]  KMU_PRE_BW_MASK = 32'h0000000F;
localparam [0:0]   KMU_PRE_BW_RD = 1'd1;
localparam [0:0]   KMU_PRE_BW_WR = 1'd1;
localparam integer KMU_PRE_BW_SHIFT_SHIFT = 0;  // RW: log2 of the context-save bandwidth, bytes per cycle (bw_shift_i of kmu_pep_predictor)
localparam integer KMU_PRE_BW_SHIFT_WIDTH = 4;
localparam [31:0]  KMU_PRE_BW_SHIFT_MASK = 32'h0000000F;
localparam [31:0]  KMU_PRE_BW_SHIFT_RESET = 32'h00000002;

// ---- PRE_HINT
localparam [15:0]  KMU_PRE_HINT_ADDR = 16'h2110;  // PEP launch hint (the driver's launch of a preempting kernel, PEP 3.2). A write stores the predicted launch time and raises pre_hint_valid_o for exactly one cycle, the cycle after the write is accepted, with pre_pred_launch_o already showing the written value. A read returns the last value written and raises nothing.
localparam [31:0]  KMU_PRE_HINT_RESET = 32'h00000000;
localparam [31:0]  KMU_PRE_HINT_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_PRE_HINT_RD = 1'd1;
localparam [0:0]   KMU_PRE_HINT_WR = 1'd1;
localparam integer KMU_PRE_HINT_PRED_LAUNCH_SHIFT = 0;  // RW: predicted launch time of the hinted kernel, cycles from the hint (pred_launch_i of kmu_pep_predictor)
localparam integer KMU_PRE_HINT_PRED_LAUNCH_WIDTH = 32;
localparam [31:0]  KMU_PRE_HINT_PRED_LAUNCH_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_PRE_HINT_PRED_LAUNCH_RESET = 32'h00000000;

// ---- PRE_STATUS
localparam [15:0]  KMU_PRE_STATUS_ADDR = 16'h2114;  // Preemption status (live).
localparam [31:0]  KMU_PRE_STATUS_RESET = 32'h00000000;
localparam [31:0]  KMU_PRE_STATUS_MASK = 32'h00000001;
localparam [0:0]   KMU_PRE_STATUS_RD = 1'd1;
localparam [0:0]   KMU_PRE_STATUS_WR = 1'd0;
localparam integer KMU_PRE_STATUS_BUSY_SHIFT = 0;  // RO: a preemption is in progress somewhere in the system
localparam integer KMU_PRE_STATUS_BUSY_WIDTH = 1;
localparam [31:0]  KMU_PRE_STATUS_BUSY_MASK = 32'h00000001;
localparam [31:0]  KMU_PRE_STATUS_BUSY_RESET = 32'h00000000;

// ---- PERF_PREEMPTS
localparam [15:0]  KMU_PERF_PREEMPTS_ADDR = 16'h2118;  // Cycles with a TB-level preemption request issued to the SMs.
localparam [31:0]  KMU_PERF_PREEMPTS_RESET = 32'h00000000;
localparam [31:0]  KMU_PERF_PREEMPTS_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_PERF_PREEMPTS_RD = 1'd1;
localparam [0:0]   KMU_PERF_PREEMPTS_WR = 1'd1;
localparam integer KMU_PERF_PREEMPTS_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_PERF_PREEMPTS_COUNT_WIDTH = 16;
localparam [31:0]  KMU_PERF_PREEMPTS_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_PERF_PREEMPTS_COUNT_RESET = 32'h00000000;

// ---- PERF_WP
localparam [15:0]  KMU_PERF_WP_ADDR = 16'h211C;  // Warp-level preemptions started.
localparam [31:0]  KMU_PERF_WP_RESET = 32'h00000000;
localparam [31:0]  KMU_PERF_WP_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_PERF_WP_RD = 1'd1;
localparam [0:0]   KMU_PERF_WP_WR = 1'd1;
localparam integer KMU_PERF_WP_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_PERF_WP_COUNT_WIDTH = 16;
localparam [31:0]  KMU_PERF_WP_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_PERF_WP_COUNT_RESET = 32'h00000000;

// ---- PERF_CTX_SAVES
localparam [15:0]  KMU_PERF_CTX_SAVES_ADDR = 16'h2120;  // Context saves done.
localparam [31:0]  KMU_PERF_CTX_SAVES_RESET = 32'h00000000;
localparam [31:0]  KMU_PERF_CTX_SAVES_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_PERF_CTX_SAVES_RD = 1'd1;
localparam [0:0]   KMU_PERF_CTX_SAVES_WR = 1'd1;
localparam integer KMU_PERF_CTX_SAVES_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_PERF_CTX_SAVES_COUNT_WIDTH = 16;
localparam [31:0]  KMU_PERF_CTX_SAVES_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_PERF_CTX_SAVES_COUNT_RESET = 32'h00000000;

// ---- TR_CMD
localparam [15:0]  KMU_TR_CMD_ADDR = 16'h2200;  // Any write issues a revoke request to kmu_revoke: it is held in a register stage until the unit takes it (SLVERR (busy), nothing issued, while a previous request is still held and not taken in that cycle: the bus never waits). TR_RESULT.DONE clears.
localparam [31:0]  KMU_TR_CMD_RESET = 32'h00000000;
localparam [31:0]  KMU_TR_CMD_MASK = 32'hFFFF0007;
localparam [0:0]   KMU_TR_CMD_RD = 1'd0;
localparam [0:0]   KMU_TR_CMD_WR = 1'd1;
localparam integer KMU_TR_CMD_KIND_SHIFT = 0;  // WO: what the request names
localparam integer KMU_TR_CMD_KIND_WIDTH = 2;
localparam [31:0]  KMU_TR_CMD_KIND_MASK = 32'h00000003;
localparam [31:0]  KMU_TR_CMD_KIND_RESET = 32'h00000000;
localparam integer KMU_TR_CMD_REPLAY_SHIFT = 2;  // WO: 1: replay the kernel from its first TB (back to the pending pool); 0: retire it
localparam integer KMU_TR_CMD_REPLAY_WIDTH = 1;
localparam [31:0]  KMU_TR_CMD_REPLAY_MASK = 32'h00000004;
localparam [31:0]  KMU_TR_CMD_REPLAY_RESET = 32'h00000000;
localparam integer KMU_TR_CMD_ID_SHIFT = 16;  // WO: TAG: the kernel tag; LID: the launch id; ROOM / ROOM_EL: unused (echoed in an error result)
localparam integer KMU_TR_CMD_ID_WIDTH = 16;
localparam [31:0]  KMU_TR_CMD_ID_MASK = 32'hFFFF0000;
localparam [31:0]  KMU_TR_CMD_ID_RESET = 32'h00000000;

// ---- TR_RESULT
localparam [15:0]  KMU_TR_RESULT_ADDR = 16'h2204;  // Result of the last revoke request (kmu_revoke's completion).
localparam [31:0]  KMU_TR_RESULT_RESET = 32'h00000000;
localparam [31:0]  KMU_TR_RESULT_MASK = 32'hFFFFFFCF;
localparam [0:0]   KMU_TR_RESULT_RD = 1'd1;
localparam [0:0]   KMU_TR_RESULT_WR = 1'd0;
localparam integer KMU_TR_RESULT_STATUS_SHIFT = 0;  // RO: completion status
localparam integer KMU_TR_RESULT_STATUS_WIDTH = 3;
localparam [31:0]  KMU_TR_RESULT_STATUS_MASK = 32'h00000007;
localparam [31:0]  KMU_TR_RESULT_STATUS_RESET = 32'h00000000;
localparam integer KMU_TR_RESULT_REPLAY_SHIFT = 3;  // RO: the request's action (1 replay, 0 retire)
localparam integer KMU_TR_RESULT_REPLAY_WIDTH = 1;
localparam [31:0]  KMU_TR_RESULT_REPLAY_MASK = 32'h00000008;
localparam [31:0]  KMU_TR_RESULT_REPLAY_RESET = 32'h00000000;
localparam integer KMU_TR_RESULT_DONE_SHIFT = 6;  // RO: a result is here (cleared by the next TR_CMD write)
localparam integer KMU_TR_RESULT_DONE_WIDTH = 1;
localparam [31:0]  KMU_TR_RESULT_DONE_MASK = 32'h00000040;
localparam [31:0]  KMU_TR_RESULT_DONE_RESET = 32'h00000000;
localparam integer KMU_TR_RESULT_BUSY_SHIFT = 7;  // RO: a request is held or being served (live)
localparam integer KMU_TR_RESULT_BUSY_WIDTH = 1;
localparam [31:0]  KMU_TR_RESULT_BUSY_MASK = 32'h00000080;
localparam [31:0]  KMU_TR_RESULT_BUSY_RESET = 32'h00000000;
localparam integer KMU_TR_RESULT_TAG_SHIFT = 8;  // RO: the resolved kernel's tag (0 when none was resolved)
localparam integer KMU_TR_RESULT_TAG_WIDTH = 8;
localparam [31:0]  KMU_TR_RESULT_TAG_MASK = 32'h0000FF00;
localparam [31:0]  KMU_TR_RESULT_TAG_RESET = 32'h00000000;
localparam integer KMU_TR_RESULT_LID_SHIFT = 16;  // RO: the resolved kernel's launch id (the request's id when none was resolved)
localparam integer KMU_TR_RESULT_LID_WIDTH = 16;
localparam [31:0]  KMU_TR_RESULT_LID_MASK = 32'hFFFF0000;
localparam [31:0]  KMU_TR_RESULT_LID_RESET = 32'h00000000;

// ---- TR_EVENTS
localparam [15:0]  KMU_TR_EVENTS_ADDR = 16'h2208;  // TReM events; write 1 to clear. A flag set and cleared in the same cycle stays set. Raises irq_o while a flag is set and its TR_IRQ_EN bit is 1.
localparam [31:0]  KMU_TR_EVENTS_RESET = 32'h00000000;
localparam [31:0]  KMU_TR_EVENTS_MASK = 32'h00000003;
localparam [0:0]   KMU_TR_EVENTS_RD = 1'd1;
localparam [0:0]   KMU_TR_EVENTS_WR = 1'd1;
localparam integer KMU_TR_EVENTS_DONE_SHIFT = 0;  // RW1C: a revoke request completed (any status)
localparam integer KMU_TR_EVENTS_DONE_WIDTH = 1;
localparam [31:0]  KMU_TR_EVENTS_DONE_MASK = 32'h00000001;
localparam [31:0]  KMU_TR_EVENTS_DONE_RESET = 32'h00000000;
localparam integer KMU_TR_EVENTS_GUARD_SHIFT = 1;  // RW1C: starvation guard: a replayed kernel reached TR_THRESH revocations and is now non-revocable (its tag in TR_GUARD)
localparam integer KMU_TR_EVENTS_GUARD_WIDTH = 1;
localparam [31:0]  KMU_TR_EVENTS_GUARD_MASK = 32'h00000002;
localparam [31:0]  KMU_TR_EVENTS_GUARD_RESET = 32'h00000000;

// ---- TR_GUARD
localparam [15:0]  KMU_TR_GUARD_ADDR = 16'h220C;  // The kernel of the last guard event.
localparam [31:0]  KMU_TR_GUARD_RESET = 32'h00000000;
localparam [31:0]  KMU_TR_GUARD_MASK = 32'h000000FF;
localparam [0:0]   KMU_TR_GUARD_RD = 1'd1;
localparam [0:0]   KMU_TR_GUARD_WR = 1'd0;
localparam integer KMU_TR_GUARD_TAG_SHIFT = 0;  // RO: kernel tag
localparam integer KMU_TR_GUARD_TAG_WIDTH = 8;
localparam [31:0]  KMU_TR_GUARD_TAG_MASK = 32'h000000FF;
localparam [31:0]  KMU_TR_GUARD_TAG_RESET = 32'h00000000;

// ---- TR_IRQ_EN
localparam [15:0]  KMU_TR_IRQ_EN_ADDR = 16'h2210;  // TReM interrupt enables.
localparam [31:0]  KMU_TR_IRQ_EN_RESET = 32'h00000000;
localparam [31:0]  KMU_TR_IRQ_EN_MASK = 32'h00000003;
localparam [0:0]   KMU_TR_IRQ_EN_RD = 1'd1;
localparam [0:0]   KMU_TR_IRQ_EN_WR = 1'd1;
localparam integer KMU_TR_IRQ_EN_DONE_SHIFT = 0;  // RW: raise irq_o while TR_EVENTS.DONE is set
localparam integer KMU_TR_IRQ_EN_DONE_WIDTH = 1;
localparam [31:0]  KMU_TR_IRQ_EN_DONE_MASK = 32'h00000001;
localparam [31:0]  KMU_TR_IRQ_EN_DONE_RESET = 32'h00000000;
localparam integer KMU_TR_IRQ_EN_GUARD_SHIFT = 1;  // RW: raise irq_o while TR_EVENTS.GUARD is set
localparam integer KMU_TR_IRQ_EN_GUARD_WIDTH = 1;
localparam [31:0]  KMU_TR_IRQ_EN_GUARD_MASK = 32'h00000002;
localparam [31:0]  KMU_TR_IRQ_EN_GUARD_RESET = 32'h00000000;

// ---- TR_THRESH
localparam [15:0]  KMU_TR_THRESH_ADDR = 16'h2214;  // Starvation guard (TReM VII).
localparam [31:0]  KMU_TR_THRESH_RESET = 32'h00000000;
localparam [31:0]  KMU_TR_THRESH_MASK = 32'h0000000F;
localparam [0:0]   KMU_TR_THRESH_RD = 1'd1;
localparam [0:0]   KMU_TR_THRESH_WR = 1'd1;
localparam integer KMU_TR_THRESH_THR_SHIFT = 0;  // RW: revocations after which a kernel is non-revocable; 0: no guard
localparam integer KMU_TR_THRESH_THR_WIDTH = 4;
localparam [31:0]  KMU_TR_THRESH_THR_MASK = 32'h0000000F;
localparam [31:0]  KMU_TR_THRESH_THR_RESET = 32'h00000000;

// ---- TR_COST
localparam [15:0]  KMU_TR_COST_ADDR = 16'h2218;  // The revocation cost in cycles (Elastic's rule: ROOM_EL leaves a victim whose estimated remaining time is below it).
localparam [31:0]  KMU_TR_COST_RESET = 32'h00000000;
localparam [31:0]  KMU_TR_COST_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_TR_COST_RD = 1'd1;
localparam [0:0]   KMU_TR_COST_WR = 1'd1;
localparam integer KMU_TR_COST_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_TR_COST_VALUE_WIDTH = 32;
localparam [31:0]  KMU_TR_COST_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_TR_COST_VALUE_RESET = 32'h00000000;

// ---- TR_CTRL
localparam [15:0]  KMU_TR_CTRL_ADDR = 16'h221C;  // TReM policy control. Reset: OFF.
localparam [31:0]  KMU_TR_CTRL_RESET = 32'h00000030;
localparam [31:0]  KMU_TR_CTRL_MASK = 32'h00000773;
localparam [0:0]   KMU_TR_CTRL_RD = 1'd1;
localparam [0:0]   KMU_TR_CTRL_WR = 1'd1;
localparam integer KMU_TR_CTRL_POLICY_SHIFT = 0;  // RW: automatic revocation policy (OFF: only TR_CMD)
localparam integer KMU_TR_CTRL_POLICY_WIDTH = 2;
localparam [31:0]  KMU_TR_CTRL_POLICY_MASK = 32'h00000003;
localparam [31:0]  KMU_TR_CTRL_POLICY_RESET = 32'h00000000;
localparam integer KMU_TR_CTRL_SHIFT_SHIFT = 4;  // RW: Elastic's average of user-facing execution times moves by 2^-SHIFT of each sample (shift_i of kmu_elastic)
localparam integer KMU_TR_CTRL_SHIFT_WIDTH = 3;
localparam [31:0]  KMU_TR_CTRL_SHIFT_MASK = 32'h00000070;
localparam [31:0]  KMU_TR_CTRL_SHIFT_RESET = 32'h00000003;
localparam integer KMU_TR_CTRL_UNIT_SHIFT = 8;  // RW: Elastic's unit: a user-facing task holds 2^UNIT SMs, so U = min(NSM, ceil(l_e q / TR_SLA) << UNIT) SMs (unit_i of kmu_elastic; 0: U counts SMs)
localparam integer KMU_TR_CTRL_UNIT_WIDTH = 3;
localparam [31:0]  KMU_TR_CTRL_UNIT_MASK = 32'h00000700;
localparam [31:0]  KMU_TR_CTRL_UNIT_RESET = 32'h00000000;

// ---- TR_SLA
localparam [15:0]  KMU_TR_SLA_ADDR = 16'h2220;  // Elastic: the user-facing SLA in cycles (sla_i of kmu_elastic).
localparam [31:0]  KMU_TR_SLA_RESET = 32'h00000000;
localparam [31:0]  KMU_TR_SLA_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_TR_SLA_RD = 1'd1;
localparam [0:0]   KMU_TR_SLA_WR = 1'd1;
localparam integer KMU_TR_SLA_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_TR_SLA_VALUE_WIDTH = 32;
localparam [31:0]  KMU_TR_SLA_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_TR_SLA_VALUE_RESET = 32'h00000000;

// ---- TR_PERIOD
localparam [15:0]  KMU_TR_PERIOD_ADDR = 16'h2224;  // Elastic: recompute U every TR_PERIOD cycles, 0: only at completions (period_i of kmu_elastic).
localparam [31:0]  KMU_TR_PERIOD_RESET = 32'h00000000;
localparam [31:0]  KMU_TR_PERIOD_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_TR_PERIOD_RD = 1'd1;
localparam [0:0]   KMU_TR_PERIOD_WR = 1'd1;
localparam integer KMU_TR_PERIOD_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_TR_PERIOD_VALUE_WIDTH = 32;
localparam [31:0]  KMU_TR_PERIOD_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_TR_PERIOD_VALUE_RESET = 32'h00000000;

// ---- TR_ELASTIC
localparam [15:0]  KMU_TR_ELASTIC_ADDR = 16'h2228;  // Elastic's answer (live).
localparam [31:0]  KMU_TR_ELASTIC_RESET = 32'h00000000;
localparam [31:0]  KMU_TR_ELASTIC_MASK = 32'h00FF00FF;
localparam [0:0]   KMU_TR_ELASTIC_RD = 1'd1;
localparam [0:0]   KMU_TR_ELASTIC_WR = 1'd0;
localparam integer KMU_TR_ELASTIC_U_SHIFT = 0;  // RO: U: SMs the user-facing kernels need (0..NSM)
localparam integer KMU_TR_ELASTIC_U_WIDTH = 8;
localparam [31:0]  KMU_TR_ELASTIC_U_MASK = 32'h000000FF;
localparam [31:0]  KMU_TR_ELASTIC_U_RESET = 32'h00000000;
localparam integer KMU_TR_ELASTIC_Q_SHIFT = 16;  // RO: q: outstanding user-facing kernels
localparam integer KMU_TR_ELASTIC_Q_WIDTH = 8;
localparam [31:0]  KMU_TR_ELASTIC_Q_MASK = 32'h00FF0000;
localparam [31:0]  KMU_TR_ELASTIC_Q_RESET = 32'h00000000;

// ---- TR_LE
localparam [15:0]  KMU_TR_LE_ADDR = 16'h222C;  // Elastic's average user-facing execution time (live).
localparam [31:0]  KMU_TR_LE_RESET = 32'h00000000;
localparam [31:0]  KMU_TR_LE_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_TR_LE_RD = 1'd1;
localparam [0:0]   KMU_TR_LE_WR = 1'd0;
localparam integer KMU_TR_LE_LE_SHIFT = 0;  // RO: l_e in cycles
localparam integer KMU_TR_LE_LE_WIDTH = 32;
localparam [31:0]  KMU_TR_LE_LE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_TR_LE_LE_RESET = 32'h00000000;

// ---- ERR_CNT_TREM
localparam [15:0]  KMU_ERR_CNT_TREM_ADDR = 16'h2230;  // Revoke requests that completed with a status other than OK.
localparam [31:0]  KMU_ERR_CNT_TREM_RESET = 32'h00000000;
localparam [31:0]  KMU_ERR_CNT_TREM_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_ERR_CNT_TREM_RD = 1'd1;
localparam [0:0]   KMU_ERR_CNT_TREM_WR = 1'd1;
localparam integer KMU_ERR_CNT_TREM_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_ERR_CNT_TREM_COUNT_WIDTH = 16;
localparam [31:0]  KMU_ERR_CNT_TREM_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_ERR_CNT_TREM_COUNT_RESET = 32'h00000000;

// ---- PERF_REVOKES
localparam [15:0]  KMU_PERF_REVOKES_ADDR = 16'h2234;  // Revocations done (status OK, replay or retire).
localparam [31:0]  KMU_PERF_REVOKES_RESET = 32'h00000000;
localparam [31:0]  KMU_PERF_REVOKES_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_PERF_REVOKES_RD = 1'd1;
localparam [0:0]   KMU_PERF_REVOKES_WR = 1'd1;
localparam integer KMU_PERF_REVOKES_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_PERF_REVOKES_COUNT_WIDTH = 16;
localparam [31:0]  KMU_PERF_REVOKES_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_PERF_REVOKES_COUNT_RESET = 32'h00000000;

// ---- TR_LAST_LID
localparam [15:0]  KMU_TR_LAST_LID_ADDR = 16'h2238;  // Launch ids (live): kernels are numbered in the order kmu_kmu accepts them, event and host, from 0 after reset (wrapping).
localparam [31:0]  KMU_TR_LAST_LID_RESET = 32'h00000000;
localparam [31:0]  KMU_TR_LAST_LID_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_TR_LAST_LID_RD = 1'd1;
localparam [0:0]   KMU_TR_LAST_LID_WR = 1'd0;
localparam integer KMU_TR_LAST_LID_LID_SHIFT = 0;  // RO: the launch id of the last host kernel kmu_kmu accepted
localparam integer KMU_TR_LAST_LID_LID_WIDTH = 16;
localparam [31:0]  KMU_TR_LAST_LID_LID_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_TR_LAST_LID_LID_RESET = 32'h00000000;

// ---- TR_AUTO
localparam [15:0]  KMU_TR_AUTO_ADDR = 16'h223C;  // The TReM policy's automatic requests (kmu_trem_policy, live, saturating): their completions never reach TR_RESULT or the counters above.
localparam [31:0]  KMU_TR_AUTO_RESET = 32'h00000000;
localparam [31:0]  KMU_TR_AUTO_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_TR_AUTO_RD = 1'd1;
localparam [0:0]   KMU_TR_AUTO_WR = 1'd0;
localparam integer KMU_TR_AUTO_REQS_SHIFT = 0;  // RO: automatic requests kmu_revoke took
localparam integer KMU_TR_AUTO_REQS_WIDTH = 16;
localparam [31:0]  KMU_TR_AUTO_REQS_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_TR_AUTO_REQS_RESET = 32'h00000000;
localparam integer KMU_TR_AUTO_OK_SHIFT = 16;  // RO: automatic revocations done (status OK)
localparam integer KMU_TR_AUTO_OK_WIDTH = 16;
localparam [31:0]  KMU_TR_AUTO_OK_MASK = 32'hFFFF0000;
localparam [31:0]  KMU_TR_AUTO_OK_RESET = 32'h00000000;

// ---- TR_AUTO_NV
localparam [15:0]  KMU_TR_AUTO_NV_ADDR = 16'h2240;  // The TReM policy's automatic requests that found no victim (status NO_VICTIM: no running batch kernel the guard allows; kmu_trem_policy, live, saturating).
localparam [31:0]  KMU_TR_AUTO_NV_RESET = 32'h00000000;
localparam [31:0]  KMU_TR_AUTO_NV_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_TR_AUTO_NV_RD = 1'd1;
localparam [0:0]   KMU_TR_AUTO_NV_WR = 1'd0;
localparam integer KMU_TR_AUTO_NV_NO_VICTIM_SHIFT = 0;  // RO: automatic requests answered NO_VICTIM
localparam integer KMU_TR_AUTO_NV_NO_VICTIM_WIDTH = 16;
localparam [31:0]  KMU_TR_AUTO_NV_NO_VICTIM_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_TR_AUTO_NV_NO_VICTIM_RESET = 32'h00000000;

// ---- COPY_SRC
localparam [15:0]  KMU_COPY_SRC_ADDR = 16'h2300;  // Source byte address (host memory for host-to-device, device memory for device-to-host); a multiple of 4.
localparam [31:0]  KMU_COPY_SRC_RESET = 32'h00000000;
localparam [31:0]  KMU_COPY_SRC_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_COPY_SRC_RD = 1'd1;
localparam [0:0]   KMU_COPY_SRC_WR = 1'd1;
localparam integer KMU_COPY_SRC_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_COPY_SRC_VALUE_WIDTH = 32;
localparam [31:0]  KMU_COPY_SRC_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_COPY_SRC_VALUE_RESET = 32'h00000000;

// ---- COPY_DST
localparam [15:0]  KMU_COPY_DST_ADDR = 16'h2304;  // Destination byte address; a multiple of 4.
localparam [31:0]  KMU_COPY_DST_RESET = 32'h00000000;
localparam [31:0]  KMU_COPY_DST_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_COPY_DST_RD = 1'd1;
localparam [0:0]   KMU_COPY_DST_WR = 1'd1;
localparam integer KMU_COPY_DST_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_COPY_DST_VALUE_WIDTH = 32;
localparam [31:0]  KMU_COPY_DST_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_COPY_DST_VALUE_RESET = 32'h00000000;

// ---- COPY_LEN
localparam [15:0]  KMU_COPY_LEN_ADDR = 16'h2308;  // Bytes to copy: a multiple of 4, at least 4, below 2^LENW (COPY_CONFIG.LENW; LONG otherwise).
localparam [31:0]  KMU_COPY_LEN_RESET = 32'h00000000;
localparam [31:0]  KMU_COPY_LEN_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_COPY_LEN_RD = 1'd1;
localparam [0:0]   KMU_COPY_LEN_WR = 1'd1;
localparam integer KMU_COPY_LEN_VALUE_SHIFT = 0;  // RW: value
localparam integer KMU_COPY_LEN_VALUE_WIDTH = 32;
localparam [31:0]  KMU_COPY_LEN_VALUE_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_COPY_LEN_VALUE_RESET = 32'h00000000;

// ---- COPY_CTRL
localparam [15:0]  KMU_COPY_CTRL_ADDR = 16'h230C;  // Direction, priority and tag of the staged command.
localparam [31:0]  KMU_COPY_CTRL_RESET = 32'h00000000;
localparam [31:0]  KMU_COPY_CTRL_MASK = 32'hFFFF0071;
localparam [0:0]   KMU_COPY_CTRL_RD = 1'd1;
localparam [0:0]   KMU_COPY_CTRL_WR = 1'd1;
localparam integer KMU_COPY_CTRL_DIR_SHIFT = 0;  // RW: 0 host to device (reads the host link, writes device memory), 1 device to host
localparam integer KMU_COPY_CTRL_DIR_WIDTH = 1;
localparam [31:0]  KMU_COPY_CTRL_DIR_MASK = 32'h00000001;
localparam [31:0]  KMU_COPY_CTRL_DIR_RESET = 32'h00000000;
localparam integer KMU_COPY_CTRL_PRIO_SHIFT = 4;  // RW: priority, COPY_CONFIG.NPRIO-1 highest; PRIO refusal when >= COPY_CONFIG.NPRIO (by the window when it does not fit the engine's priority field, else by the engine)
localparam integer KMU_COPY_CTRL_PRIO_WIDTH = 3;
localparam [31:0]  KMU_COPY_CTRL_PRIO_MASK = 32'h00000070;
localparam [31:0]  KMU_COPY_CTRL_PRIO_RESET = 32'h00000000;
localparam integer KMU_COPY_CTRL_ID_SHIFT = 16;  // RW: tag returned in COPY_CPL.ID (bits IDW..15 are not implemented: read 0, writes ignored)
localparam integer KMU_COPY_CTRL_ID_WIDTH = 16;
localparam [31:0]  KMU_COPY_CTRL_ID_MASK = 32'hFFFF0000;
localparam [31:0]  KMU_COPY_CTRL_ID_RESET = 32'h00000000;

// ---- COPY_CHUNK
localparam [15:0]  KMU_COPY_CHUNK_ADDR = 16'h2310;  // Chunk size, read by the engine at every chunk boundary (change it while COPY_STATUS.BUSY is 0 for chunks aligned to the copy's start).
localparam [31:0]  KMU_COPY_CHUNK_RESET = 32'h00000014;
localparam [31:0]  KMU_COPY_CHUNK_MASK = 32'h0000001F;
localparam [0:0]   KMU_COPY_CHUNK_RD = 1'd1;
localparam [0:0]   KMU_COPY_CHUNK_WR = 1'd1;
localparam integer KMU_COPY_CHUNK_LOG2_SHIFT = 0;  // RW: chunk bytes = 2^max(LOG2, 2); a chunk at least the copy's size: no chunking. Reset 20: 1 MiB, RGEM's choice
localparam integer KMU_COPY_CHUNK_LOG2_WIDTH = 5;
localparam [31:0]  KMU_COPY_CHUNK_LOG2_MASK = 32'h0000001F;
localparam [31:0]  KMU_COPY_CHUNK_LOG2_RESET = 32'h00000014;

// ---- COPY_GO
localparam [15:0]  KMU_COPY_GO_ADDR = 16'h2314;  // Any write submits the staged command (a register stage in front of the engine). SLVERR, nothing submitted, while the stage it needs is occupied: for a command the engine can take, while the previous one is still staged (COPY_STATUS.CMD_PENDING); for a command the window refuses (LONG, PRIO beyond the engine's field), while the previous window refusal has not reached COPY_CPL. The bus never waits here: a waiting COPY_GO could block the COPY_CPL_POP the engine waits for.
localparam [31:0]  KMU_COPY_GO_RESET = 32'h00000000;
localparam [31:0]  KMU_COPY_GO_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_COPY_GO_RD = 1'd0;
localparam [0:0]   KMU_COPY_GO_WR = 1'd1;
localparam integer KMU_COPY_GO_GO_SHIFT = 0;  // WO: ignored
localparam integer KMU_COPY_GO_GO_WIDTH = 32;
localparam [31:0]  KMU_COPY_GO_GO_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_COPY_GO_GO_RESET = 32'h00000000;

// ---- COPY_CPL
localparam [15:0]  KMU_COPY_CPL_ADDR = 16'h2318;  // A completion not yet popped (one register; further completions wait, in the engine or as a window refusal, until COPY_CPL_POP frees it). Engine completions keep their order; a window refusal may pass an engine refusal still held in the engine.
localparam [31:0]  KMU_COPY_CPL_RESET = 32'h00000000;
localparam [31:0]  KMU_COPY_CPL_MASK = 32'h8007FFFF;
localparam [0:0]   KMU_COPY_CPL_RD = 1'd1;
localparam [0:0]   KMU_COPY_CPL_WR = 1'd0;
localparam integer KMU_COPY_CPL_ID_SHIFT = 0;  // RO: the command's COPY_CTRL.ID
localparam integer KMU_COPY_CPL_ID_WIDTH = 16;
localparam [31:0]  KMU_COPY_CPL_ID_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_COPY_CPL_ID_RESET = 32'h00000000;
localparam integer KMU_COPY_CPL_STATUS_SHIFT = 16;  // RO: OK or the refusal code
localparam integer KMU_COPY_CPL_STATUS_WIDTH = 3;
localparam [31:0]  KMU_COPY_CPL_STATUS_MASK = 32'h00070000;
localparam [31:0]  KMU_COPY_CPL_STATUS_RESET = 32'h00000000;
localparam integer KMU_COPY_CPL_VALID_SHIFT = 31;  // RO: a completion is here
localparam integer KMU_COPY_CPL_VALID_WIDTH = 1;
localparam [31:0]  KMU_COPY_CPL_VALID_MASK = 32'h80000000;
localparam [31:0]  KMU_COPY_CPL_VALID_RESET = 32'h00000000;

// ---- COPY_CPL_POP
localparam [15:0]  KMU_COPY_CPL_POP_ADDR = 16'h231C;  // Any write frees COPY_CPL for the next completion (no effect while COPY_CPL.VALID is 0).
localparam [31:0]  KMU_COPY_CPL_POP_RESET = 32'h00000000;
localparam [31:0]  KMU_COPY_CPL_POP_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_COPY_CPL_POP_RD = 1'd0;
localparam [0:0]   KMU_COPY_CPL_POP_WR = 1'd1;
localparam integer KMU_COPY_CPL_POP_POP_SHIFT = 0;  // WO: ignored
localparam integer KMU_COPY_CPL_POP_POP_WIDTH = 32;
localparam [31:0]  KMU_COPY_CPL_POP_POP_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_COPY_CPL_POP_POP_RESET = 32'h00000000;

// ---- COPY_STATUS
localparam [15:0]  KMU_COPY_STATUS_ADDR = 16'h2320;  // Copy status (live).
localparam [31:0]  KMU_COPY_STATUS_RESET = 32'h00000000;
localparam [31:0]  KMU_COPY_STATUS_MASK = 32'h00000073;
localparam [0:0]   KMU_COPY_STATUS_RD = 1'd1;
localparam [0:0]   KMU_COPY_STATUS_WR = 1'd0;
localparam integer KMU_COPY_STATUS_BUSY_SHIFT = 0;  // RO: a submitted command has not yet reached COPY_CPL (staged, queued, copying or its completion held)
localparam integer KMU_COPY_STATUS_BUSY_WIDTH = 1;
localparam [31:0]  KMU_COPY_STATUS_BUSY_MASK = 32'h00000001;
localparam [31:0]  KMU_COPY_STATUS_BUSY_RESET = 32'h00000000;
localparam integer KMU_COPY_STATUS_CMD_PENDING_SHIFT = 1;  // RO: the submitted command waits in the register stage for the engine
localparam integer KMU_COPY_STATUS_CMD_PENDING_WIDTH = 1;
localparam [31:0]  KMU_COPY_STATUS_CMD_PENDING_MASK = 32'h00000002;
localparam [31:0]  KMU_COPY_STATUS_CMD_PENDING_RESET = 32'h00000000;
localparam integer KMU_COPY_STATUS_LAST_ERR_SHIFT = 4;  // RO: the last refusal's code (OK: none since reset)
localparam integer KMU_COPY_STATUS_LAST_ERR_WIDTH = 3;
localparam [31:0]  KMU_COPY_STATUS_LAST_ERR_MASK = 32'h00000070;
localparam [31:0]  KMU_COPY_STATUS_LAST_ERR_RESET = 32'h00000000;

// ---- COPY_ERR_CNT
localparam [15:0]  KMU_COPY_ERR_CNT_ADDR = 16'h2324;  // Refused copy commands (completions with STATUS != OK, counted as they reach COPY_CPL).
localparam [31:0]  KMU_COPY_ERR_CNT_RESET = 32'h00000000;
localparam [31:0]  KMU_COPY_ERR_CNT_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_COPY_ERR_CNT_RD = 1'd1;
localparam [0:0]   KMU_COPY_ERR_CNT_WR = 1'd1;
localparam integer KMU_COPY_ERR_CNT_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_COPY_ERR_CNT_COUNT_WIDTH = 16;
localparam [31:0]  KMU_COPY_ERR_CNT_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_COPY_ERR_CNT_COUNT_RESET = 32'h00000000;

// ---- COPY_IRQ
localparam [15:0]  KMU_COPY_IRQ_ADDR = 16'h2328;  // Copy interrupt enable.
localparam [31:0]  KMU_COPY_IRQ_RESET = 32'h00000000;
localparam [31:0]  KMU_COPY_IRQ_MASK = 32'h00000001;
localparam [0:0]   KMU_COPY_IRQ_RD = 1'd1;
localparam [0:0]   KMU_COPY_IRQ_WR = 1'd1;
localparam integer KMU_COPY_IRQ_EN_SHIFT = 0;  // RW: raise irq_o while COPY_CPL.VALID is 1
localparam integer KMU_COPY_IRQ_EN_WIDTH = 1;
localparam [31:0]  KMU_COPY_IRQ_EN_MASK = 32'h00000001;
localparam [31:0]  KMU_COPY_IRQ_EN_RESET = 32'h00000000;

// ---- PERF_COPIES
localparam [15:0]  KMU_PERF_COPIES_ADDR = 16'h232C;  // Copies done (completions with STATUS OK, counted as they reach COPY_CPL).
localparam [31:0]  KMU_PERF_COPIES_RESET = 32'h00000000;
localparam [31:0]  KMU_PERF_COPIES_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_PERF_COPIES_RD = 1'd1;
localparam [0:0]   KMU_PERF_COPIES_WR = 1'd1;
localparam integer KMU_PERF_COPIES_COUNT_SHIFT = 0;  // RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts)
localparam integer KMU_PERF_COPIES_COUNT_WIDTH = 16;
localparam [31:0]  KMU_PERF_COPIES_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_PERF_COPIES_COUNT_RESET = 32'h00000000;

// ---- COPY_CONFIG
localparam [15:0]  KMU_COPY_CONFIG_ADDR = 16'h2330;  // Copy engine build parameters.
localparam [31:0]  KMU_COPY_CONFIG_RESET = 32'h00040C02;
localparam [31:0]  KMU_COPY_CONFIG_MASK = 32'h001F1F0F;
localparam [0:0]   KMU_COPY_CONFIG_RD = 1'd1;
localparam [0:0]   KMU_COPY_CONFIG_WR = 1'd0;
localparam integer KMU_COPY_CONFIG_NPRIO_SHIFT = 0;  // RO: priority levels
localparam integer KMU_COPY_CONFIG_NPRIO_WIDTH = 4;
localparam [31:0]  KMU_COPY_CONFIG_NPRIO_MASK = 32'h0000000F;
localparam [31:0]  KMU_COPY_CONFIG_NPRIO_RESET = 32'h00000002;
localparam integer KMU_COPY_CONFIG_LENW_SHIFT = 8;  // RO: byte-count bits: copies up to 2^LENW - 4 bytes
localparam integer KMU_COPY_CONFIG_LENW_WIDTH = 5;
localparam [31:0]  KMU_COPY_CONFIG_LENW_MASK = 32'h00001F00;
localparam [31:0]  KMU_COPY_CONFIG_LENW_RESET = 32'h0000000C;
localparam integer KMU_COPY_CONFIG_IDW_SHIFT = 16;  // RO: tag bits
localparam integer KMU_COPY_CONFIG_IDW_WIDTH = 5;
localparam [31:0]  KMU_COPY_CONFIG_IDW_MASK = 32'h001F0000;
localparam [31:0]  KMU_COPY_CONFIG_IDW_RESET = 32'h00000004;

// ---- YIELD_SIGNAL
localparam [15:0]  KMU_YIELD_SIGNAL_ADDR = 16'h2400;  // A write signals a write to the flag at ADDR: every thread block waiting on ADDR's 32-bit word (ADDR[31:2]) is woken, as for a write seen on the memory port; one the cycle after the write is accepted (a register, sw_valid_i of kmu_yield_mon for exactly one cycle). A word nobody waits on: nothing happens (not counted). Reads: SLVERR.
localparam [31:0]  KMU_YIELD_SIGNAL_RESET = 32'h00000000;
localparam [31:0]  KMU_YIELD_SIGNAL_MASK = 32'hFFFFFFFF;
localparam [0:0]   KMU_YIELD_SIGNAL_RD = 1'd0;
localparam [0:0]   KMU_YIELD_SIGNAL_WR = 1'd1;
localparam integer KMU_YIELD_SIGNAL_ADDR_SHIFT = 0;  // WO: byte address of the flag just written (bits 1:0 ignored)
localparam integer KMU_YIELD_SIGNAL_ADDR_WIDTH = 32;
localparam [31:0]  KMU_YIELD_SIGNAL_ADDR_MASK = 32'hFFFFFFFF;
localparam [31:0]  KMU_YIELD_SIGNAL_ADDR_RESET = 32'h00000000;

// ---- YIELD_TAKE
localparam [15:0]  KMU_YIELD_TAKE_ADDR = 16'h2404;  // Yields taken: a watch entry holds the thread block (answer TAKEN).
localparam [31:0]  KMU_YIELD_TAKE_RESET = 32'h00000000;
localparam [31:0]  KMU_YIELD_TAKE_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_YIELD_TAKE_RD = 1'd1;
localparam [0:0]   KMU_YIELD_TAKE_WR = 1'd0;
localparam integer KMU_YIELD_TAKE_COUNT_SHIFT = 0;  // RO: saturating count, zero-extended, read live from the block that counts (writes: SLVERR)
localparam integer KMU_YIELD_TAKE_COUNT_WIDTH = 16;
localparam [31:0]  KMU_YIELD_TAKE_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_YIELD_TAKE_COUNT_RESET = 32'h00000000;

// ---- YIELD_SPIN
localparam [15:0]  KMU_YIELD_SPIN_ADDR = 16'h2408;  // yield(0) taken: a polite spin, re-enqueued at the tail (answer SPIN).
localparam [31:0]  KMU_YIELD_SPIN_RESET = 32'h00000000;
localparam [31:0]  KMU_YIELD_SPIN_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_YIELD_SPIN_RD = 1'd1;
localparam [0:0]   KMU_YIELD_SPIN_WR = 1'd0;
localparam integer KMU_YIELD_SPIN_COUNT_SHIFT = 0;  // RO: saturating count, zero-extended, read live from the block that counts (writes: SLVERR)
localparam integer KMU_YIELD_SPIN_COUNT_WIDTH = 16;
localparam [31:0]  KMU_YIELD_SPIN_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_YIELD_SPIN_COUNT_RESET = 32'h00000000;

// ---- YIELD_FULL
localparam [15:0]  KMU_YIELD_FULL_ADDR = 16'h240C;  // Yields refused: every watch entry in use (answer FULL; the thread block goes on).
localparam [31:0]  KMU_YIELD_FULL_RESET = 32'h00000000;
localparam [31:0]  KMU_YIELD_FULL_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_YIELD_FULL_RD = 1'd1;
localparam [0:0]   KMU_YIELD_FULL_WR = 1'd0;
localparam integer KMU_YIELD_FULL_COUNT_SHIFT = 0;  // RO: saturating count, zero-extended, read live from the block that counts (writes: SLVERR)
localparam integer KMU_YIELD_FULL_COUNT_WIDTH = 16;
localparam [31:0]  KMU_YIELD_FULL_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_YIELD_FULL_COUNT_RESET = 32'h00000000;

// ---- YIELD_NOWORK
localparam [15:0]  KMU_YIELD_NOWORK_ADDR = 16'h2410;  // Yields refused: no other work waits for the SM (answer NOWORK; the thread block goes on).
localparam [31:0]  KMU_YIELD_NOWORK_RESET = 32'h00000000;
localparam [31:0]  KMU_YIELD_NOWORK_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_YIELD_NOWORK_RD = 1'd1;
localparam [0:0]   KMU_YIELD_NOWORK_WR = 1'd0;
localparam integer KMU_YIELD_NOWORK_COUNT_SHIFT = 0;  // RO: saturating count, zero-extended, read live from the block that counts (writes: SLVERR)
localparam integer KMU_YIELD_NOWORK_COUNT_WIDTH = 16;
localparam [31:0]  KMU_YIELD_NOWORK_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_YIELD_NOWORK_COUNT_RESET = 32'h00000000;

// ---- YIELD_WAKE
localparam [15:0]  KMU_YIELD_WAKE_ADDR = 16'h2414;  // Woken thread blocks handed to their SM (head of the queue).
localparam [31:0]  KMU_YIELD_WAKE_RESET = 32'h00000000;
localparam [31:0]  KMU_YIELD_WAKE_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_YIELD_WAKE_RD = 1'd1;
localparam [0:0]   KMU_YIELD_WAKE_WR = 1'd0;
localparam integer KMU_YIELD_WAKE_COUNT_SHIFT = 0;  // RO: saturating count, zero-extended, read live from the block that counts (writes: SLVERR)
localparam integer KMU_YIELD_WAKE_COUNT_WIDTH = 16;
localparam [31:0]  KMU_YIELD_WAKE_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_YIELD_WAKE_COUNT_RESET = 32'h00000000;

// ---- YIELD_ERR
localparam [15:0]  KMU_YIELD_ERR_ADDR = 16'h2418;  // Cycles with a save done from an SM with no yield in its save (a refused input of kmu_yield_mon).
localparam [31:0]  KMU_YIELD_ERR_RESET = 32'h00000000;
localparam [31:0]  KMU_YIELD_ERR_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_YIELD_ERR_RD = 1'd1;
localparam [0:0]   KMU_YIELD_ERR_WR = 1'd0;
localparam integer KMU_YIELD_ERR_COUNT_SHIFT = 0;  // RO: saturating count, zero-extended, read live from the block that counts (writes: SLVERR)
localparam integer KMU_YIELD_ERR_COUNT_WIDTH = 16;
localparam [31:0]  KMU_YIELD_ERR_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_YIELD_ERR_COUNT_RESET = 32'h00000000;

// ---- YIELD_CTRL
localparam [15:0]  KMU_YIELD_CTRL_ADDR = 16'h241C;  // Yield re-enqueue policy (kmu_gpu's wake glue, docs/blocks/kmu_gpu.md section Yield). Read by the glue every cycle: a change applies to the next wake and to the TBs already parked.
localparam [31:0]  KMU_YIELD_CTRL_RESET = 32'h00000000;
localparam [31:0]  KMU_YIELD_CTRL_MASK = 32'h000000F1;
localparam [0:0]   KMU_YIELD_CTRL_RD = 1'd1;
localparam [0:0]   KMU_YIELD_CTRL_WR = 1'd1;
localparam integer KMU_YIELD_CTRL_TAIL_SHIFT = 0;  // RW: 1: a woken thread block is re-enqueued at the tail, as a yield(0) spin is: parked until the dispatcher holds no TB that may start on its SM (the paper's software prototype, GPUpIO Fig. 12-15); 0: at the head (restored before any new TB of its SM)
localparam integer KMU_YIELD_CTRL_TAIL_WIDTH = 1;
localparam [31:0]  KMU_YIELD_CTRL_TAIL_MASK = 32'h00000001;
localparam [31:0]  KMU_YIELD_CTRL_TAIL_RESET = 32'h00000000;
localparam integer KMU_YIELD_CTRL_MAXWAIT_SHIFT = 4;  // RW: bound on a parked thread block's wait (a spin, or a tail wake): 0 unbounded (it waits while new work for its SM keeps arriving); k = 1..15: handed to its SM more than 8 * 2^k and at most 16 * 2^k + 1 cycles after the wake that parked it (one cycle more per head wake to that SM meanwhile), whatever work waits
localparam integer KMU_YIELD_CTRL_MAXWAIT_WIDTH = 4;
localparam [31:0]  KMU_YIELD_CTRL_MAXWAIT_MASK = 32'h000000F0;
localparam [31:0]  KMU_YIELD_CTRL_MAXWAIT_RESET = 32'h00000000;

// ---- YIELD_WKERR
localparam [15:0]  KMU_YIELD_WKERR_ADDR = 16'h2420;  // Cycles in which an SM refused a wake (kmu_sm's wk_err_o): the woken thread block is no longer in its SM's preempted table, as when a TReM revocation dropped its kernel while it slept (the watch entry outlives the drop). Nothing is restored; two SMs refusing in one cycle count once. kmu_gpu's counter, read live (saturating, not clearable).
localparam [31:0]  KMU_YIELD_WKERR_RESET = 32'h00000000;
localparam [31:0]  KMU_YIELD_WKERR_MASK = 32'h0000FFFF;
localparam [0:0]   KMU_YIELD_WKERR_RD = 1'd1;
localparam [0:0]   KMU_YIELD_WKERR_WR = 1'd0;
localparam integer KMU_YIELD_WKERR_COUNT_SHIFT = 0;  // RO: saturating count, zero-extended, read live from the block that counts (writes: SLVERR)
localparam integer KMU_YIELD_WKERR_COUNT_WIDTH = 16;
localparam [31:0]  KMU_YIELD_WKERR_COUNT_MASK = 32'h0000FFFF;
localparam [31:0]  KMU_YIELD_WKERR_COUNT_RESET = 32'h00000000;

// ---- codes copy_st_e
localparam integer KMU_COPY_ST_W = 3;  // bits of copy_st_e (used by COPY_CPL.STATUS, COPY_STATUS.LAST_ERR)
localparam [2:0]   KMU_COPY_ST_OK = 3'd0;  // the copy is done (its last write was accepted)
localparam [2:0]   KMU_COPY_ST_ZERO = 3'd1;  // refused: zero bytes
localparam [2:0]   KMU_COPY_ST_ALIGN = 3'd2;  // refused: source, destination or bytes not a multiple of 4 (the beat)
localparam [2:0]   KMU_COPY_ST_WRAP = 3'd3;  // refused: source + bytes or destination + bytes beyond 2^32
localparam [2:0]   KMU_COPY_ST_PRIO = 3'd4;  // refused: priority >= the engine's priority levels
localparam [2:0]   KMU_COPY_ST_FULL = 3'd5;  // refused: that priority's queue is full
localparam [2:0]   KMU_COPY_ST_LONG = 3'd6;  // refused by the copy window: bytes >= 2^LENW (the engine's byte-count width)

// ---- codes ctx_op_e
localparam integer KMU_CTX_OP_W = 2;  // bits of ctx_op_e (used by wires, exported by kmu_ctx_op_codes)
localparam [1:0]   KMU_CTX_OP_SAVE_ALL = 2'd0;  // save every live register and the shared memory
localparam [1:0]   KMU_CTX_OP_SAVE_DIRTY = 2'd1;  // save the registers written since the last checkpoint
localparam [1:0]   KMU_CTX_OP_RESTORE = 2'd2;  // restore a saved context

// ---- codes db_cause_e
localparam integer KMU_DB_CAUSE_W = 2;  // bits of db_cause_e (used by ERR_DB_INFO.CAUSE)
localparam [1:0]   KMU_DB_CAUSE_NONE = 2'd0;  // no doorbell refused since reset
localparam [1:0]   KMU_DB_CAUSE_UNKNOWN = 2'd1;  // doorbell index >= EKT entries
localparam [1:0]   KMU_DB_CAUSE_UNREGISTERED = 2'd2;  // doorbell of an unregistered entry
localparam [1:0]   KMU_DB_CAUSE_INFLIGHT = 2'd3;  // in-flight limit reached

// ---- codes launch_err_e
localparam integer KMU_LAUNCH_ERR_W = 2;  // bits of launch_err_e (used by wires, exported by kmu_launch_err_codes)
localparam [1:0]   KMU_LAUNCH_ERR_OK = 2'd0;  // launched
localparam [1:0]   KMU_LAUNCH_ERR_UNREGISTERED = 2'd1;  // doorbell of an unregistered entry
localparam [1:0]   KMU_LAUNCH_ERR_INFLIGHT = 2'd2;  // in-flight count already at max in-flight

// ---- codes pol_e
localparam integer KMU_POL_W = 2;  // bits of pol_e (used by PRE_CTRL.POLICY)
localparam [1:0]   KMU_POL_DRAIN = 2'd0;  // no preemption: a preempted TB runs to completion
localparam [1:0]   KMU_POL_CHIMERA = 2'd1;  // Chimera: switch (save every register) or drain by estimated cost
localparam [1:0]   KMU_POL_CHIMERA_DIRTY = 2'd2;  // Chimera with a dirty-only save
localparam [1:0]   KMU_POL_PEP = 2'd3;  // PEP: launch-hint prediction, base + incremental checkpoints

// ---- codes reg_code_e
localparam integer KMU_REG_CODE_W = 3;  // bits of reg_code_e (used by REG_RESULT.CODE)
localparam [2:0]   KMU_REG_CODE_OK = 3'd0;  // registered
localparam [2:0]   KMU_REG_CODE_FULL = 3'd1;  // no free EKT entry
localparam [2:0]   KMU_REG_CODE_ESIZE_ZERO = 3'd2;  // parameter entry size is 0
localparam [2:0]   KMU_REG_CODE_MISALIGNED = 3'd3;  // base, end or entry size not a multiple of 4
localparam [2:0]   KMU_REG_CODE_BAD_RANGE = 3'd4;  // end <= base
localparam [2:0]   KMU_REG_CODE_BAD_LENGTH = 3'd5;  // (end - base) not a multiple of the entry size
localparam [2:0]   KMU_REG_CODE_BAD_KERNEL = 3'd6;  // a zero grid or TB dimension, or max in-flight 0

// ---- codes trem_kind_e
localparam integer KMU_TREM_KIND_W = 2;  // bits of trem_kind_e (used by TR_CMD.KIND)
localparam [1:0]   KMU_TREM_KIND_TAG = 2'd0;  // revoke the kernel of this kernel tag (completion-table entry)
localparam [1:0]   KMU_TREM_KIND_LID = 2'd1;  // revoke the kernel of this launch id
localparam [1:0]   KMU_TREM_KIND_ROOM = 2'd2;  // make room for class user (Priority): the hardware revokes the batch kernel that started most recently
localparam [1:0]   KMU_TREM_KIND_ROOM_EL = 2'd3;  // make room (Elastic): as ROOM, but a victim whose estimated remaining time is below TR_COST is left running (NEAR_DONE)

// ---- codes trem_pol_e
localparam integer KMU_TREM_POL_W = 2;  // bits of trem_pol_e (used by TR_CTRL.POLICY)
localparam [1:0]   KMU_TREM_POL_OFF = 2'd0;  // no automatic revocation: only TR_CMD requests
localparam [1:0]   KMU_TREM_POL_PRIORITY = 2'd1;  // Priority: a user-facing kernel that finds no room revokes a batch kernel (ROOM)
localparam [1:0]   KMU_TREM_POL_ELASTIC = 2'd2;  // Elastic: U = ceil(l_e * q / SLA) SMs for user-facing work; revoke (ROOM_EL) when user-facing work holds fewer

// ---- codes trem_status_e
localparam integer KMU_TREM_STATUS_W = 3;  // bits of trem_status_e (used by TR_RESULT.STATUS)
localparam [2:0]   KMU_TREM_STATUS_OK = 3'd0;  // revoked: replayed or retired as asked
localparam [2:0]   KMU_TREM_STATUS_UNKNOWN = 3'd1;  // no such kernel: tag >= CT or never used, or no tag holds or held the launch id
localparam [2:0]   KMU_TREM_STATUS_FINISHED = 3'd2;  // the kernel completed before the revocation took hold (nothing dropped)
localparam [2:0]   KMU_TREM_STATUS_REVOKED = 3'd3;  // the kernel was already revoked (retired, or replayed and still pending)
localparam [2:0]   KMU_TREM_STATUS_GUARD = 3'd4;  // starvation guard: its revocation count reached TR_THRESH, non-revocable
localparam [2:0]   KMU_TREM_STATUS_NO_VICTIM = 3'd5;  // ROOM / ROOM_EL: no running batch kernel that the guard allows
localparam [2:0]   KMU_TREM_STATUS_NEAR_DONE = 3'd6;  // ROOM_EL: the victim's estimated remaining time is below TR_COST, left running

// ---- codes unreg_code_e
localparam integer KMU_UNREG_CODE_W = 2;  // bits of unreg_code_e (used by UNREG_RESULT.CODE)
localparam [1:0]   KMU_UNREG_CODE_OK = 2'd0;  // entry freed
localparam [1:0]   KMU_UNREG_CODE_NOT_REGISTERED = 2'd1;  // no such registered entry
localparam [1:0]   KMU_UNREG_CODE_BUSY = 2'd2;  // events in flight

// ---- codes victim_e
localparam integer KMU_VICTIM_W = 2;  // bits of victim_e (used by PRE_CTRL.VPOL)
localparam [1:0]   KMU_VICTIM_OLDEST = 2'd0;  // the oldest fitting warp
localparam [1:0]   KMU_VICTIM_NEWEST = 2'd1;  // the newest fitting warp
localparam [1:0]   KMU_VICTIM_BEST = 2'd2;  // the fitting warp in the best state to flush
/* verilator lint_on UNUSEDPARAM */

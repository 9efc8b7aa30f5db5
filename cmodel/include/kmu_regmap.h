/* kmu_regmap.h - openkmu register map constants.
 * generated from regmap/kmu.rdl by scripts/gen_regmap.py, do not edit.
 * Names as in rtl/include/kmu_regmap.vh; see docs/regmap.md. */
#ifndef KMU_REGMAP_H
#define KMU_REGMAP_H

/* ---- map */
#define KMU_REGMAP_AW 16u                    /* bus byte-address width */
#define KMU_REGMAP_DW 32u                    /* data width */

/* ---- windows (every address outside a non-reserved window's registers: SLVERR) */
#define KMU_WIN_CSR_BASE 0x0000u             /* CSR */
#define KMU_WIN_CSR_SIZE 256u
#define KMU_WIN_CSR_LAST 0x00FFu
#define KMU_WIN_CSR_RESERVED 0u
#define KMU_WIN_EKT_REG_BASE 0x0100u         /* EKT registration */
#define KMU_WIN_EKT_REG_SIZE 256u
#define KMU_WIN_EKT_REG_LAST 0x01FFu
#define KMU_WIN_EKT_REG_RESERVED 0u
#define KMU_WIN_DB_BASE 0x1000u              /* Doorbells */
#define KMU_WIN_DB_SIZE 4096u
#define KMU_WIN_DB_LAST 0x1FFFu
#define KMU_WIN_DB_RESERVED 0u
#define KMU_WIN_HOST_LAUNCH_BASE 0x2000u     /* Host launch */
#define KMU_WIN_HOST_LAUNCH_SIZE 256u
#define KMU_WIN_HOST_LAUNCH_LAST 0x20FFu
#define KMU_WIN_HOST_LAUNCH_RESERVED 0u
#define KMU_WIN_PREEMPT_BASE 0x2100u         /* Preemption */
#define KMU_WIN_PREEMPT_SIZE 256u
#define KMU_WIN_PREEMPT_LAST 0x21FFu
#define KMU_WIN_PREEMPT_RESERVED 0u
#define KMU_WIN_TREM_BASE 0x2200u            /* TReM revocation */
#define KMU_WIN_TREM_SIZE 256u
#define KMU_WIN_TREM_LAST 0x22FFu
#define KMU_WIN_TREM_RESERVED 0u
#define KMU_WIN_COPY_BASE 0x2300u            /* Copy */
#define KMU_WIN_COPY_SIZE 256u
#define KMU_WIN_COPY_LAST 0x23FFu
#define KMU_WIN_COPY_RESERVED 0u
#define KMU_WIN_YIELD_BASE 0x2400u           /* Yield */
#define KMU_WIN_YIELD_SIZE 256u
#define KMU_WIN_YIELD_LAST 0x24FFu
#define KMU_WIN_YIELD_RESERVED 0u

/* ---- ID */
#define KMU_ID_ADDR 0x0000u                  /* Identification: ASCII "KMU0". */
#define KMU_ID_RESET 0x4B4D5530u
#define KMU_ID_MASK 0xFFFFFFFFu
#define KMU_ID_RD 1u
#define KMU_ID_WR 0u
#define KMU_ID_VALUE_SHIFT 0u                /* RO: constant */
#define KMU_ID_VALUE_WIDTH 32u
#define KMU_ID_VALUE_MASK 0xFFFFFFFFu
#define KMU_ID_VALUE_RESET 0x4B4D5530u

/* ---- VERSION */
#define KMU_VERSION_ADDR 0x0004u             /* Register map version 1.7 ([15:8] major, [7:0] minor): 1.1 adds the host launch window, KMU_CTRL, SM_RESERVE, KERNEL_STATUS, IRQ_ENABLE and PERF_KERNELS; 1.2 adds the preemption window at 0x2100 (PRE_CTRL, PRE_CTX_BASE, PRE_DEADLINE, PRE_BW, PRE_HINT, PRE_STATUS, PERF_PREEMPTS, PERF_WP, PERF_CTX_SAVES) in place of the reserved PEP hint window; 1.3 adds the TReM revocation window at 0x2200 (TR_CMD, TR_RESULT, TR_EVENTS, TR_GUARD, TR_IRQ_EN, TR_THRESH, TR_COST, TR_CTRL, TR_SLA, TR_PERIOD, TR_ELASTIC, TR_LE, ERR_CNT_TREM, PERF_REVOKES, TR_LAST_LID) in place of the reserved TReM window, and the host launch's class and estimate (HL_RES.CLASS, HL_EST); 1.4 adds the copy window at 0x2300 (COPY_SRC, COPY_DST, COPY_LEN, COPY_CTRL, COPY_CHUNK, COPY_GO, COPY_CPL, COPY_CPL_POP, COPY_STATUS, COPY_ERR_CNT, COPY_IRQ, PERF_COPIES, COPY_CONFIG) in place of the reserved copy-engine window; 1.5 adds the GPUpIO yield window at 0x2400 (YIELD_SIGNAL, YIELD_TAKE, YIELD_SPIN, YIELD_FULL, YIELD_NOWORK, YIELD_WAKE, YIELD_ERR) and the automatic-request counters TR_AUTO, TR_AUTO_NV in the TReM window; 1.6 adds TR_CTRL.UNIT (Elastic's SMs per user-facing task), and YIELD_CTRL (TAIL, MAXWAIT) and YIELD_WKERR to the yield window; 1.7 (issue 13: every write is answered within a bounded time) answers REG_CMD, HL_CMD and TR_CMD SLVERR while their stage is occupied instead of holding the bus, and takes every doorbell at once (a pending count per EKT entry; a full count refuses: DB_INFLIGHT). */
#define KMU_VERSION_RESET 0x00000107u
#define KMU_VERSION_MASK 0xFFFFFFFFu
#define KMU_VERSION_RD 1u
#define KMU_VERSION_WR 0u
#define KMU_VERSION_VALUE_SHIFT 0u           /* RO: constant */
#define KMU_VERSION_VALUE_WIDTH 32u
#define KMU_VERSION_VALUE_MASK 0xFFFFFFFFu
#define KMU_VERSION_VALUE_RESET 0x00000107u

/* ---- CONFIG */
#define KMU_CONFIG_ADDR 0x0008u              /* Build parameters. */
#define KMU_CONFIG_RESET 0x00101008u
#define KMU_CONFIG_MASK 0x00FFFFFFu
#define KMU_CONFIG_RD 1u
#define KMU_CONFIG_WR 0u
#define KMU_CONFIG_EKT_ENTRIES_SHIFT 0u      /* RO: EKT entries */
#define KMU_CONFIG_EKT_ENTRIES_WIDTH 8u
#define KMU_CONFIG_EKT_ENTRIES_MASK 0x000000FFu
#define KMU_CONFIG_EKT_ENTRIES_RESET 0x00000008u
#define KMU_CONFIG_CNT_W_SHIFT 8u            /* RO: counter width in bits */
#define KMU_CONFIG_CNT_W_WIDTH 8u
#define KMU_CONFIG_CNT_W_MASK 0x0000FF00u
#define KMU_CONFIG_CNT_W_RESET 0x00000010u
#define KMU_CONFIG_AW_SHIFT 16u              /* RO: bus address width in bits */
#define KMU_CONFIG_AW_WIDTH 8u
#define KMU_CONFIG_AW_MASK 0x00FF0000u
#define KMU_CONFIG_AW_RESET 0x00000010u

/* ---- STATUS */
#define KMU_STATUS_ADDR 0x000Cu              /* Live status. */
#define KMU_STATUS_RESET 0x00000000u
#define KMU_STATUS_MASK 0x00000003u
#define KMU_STATUS_RD 1u
#define KMU_STATUS_WR 0u
#define KMU_STATUS_REG_BUSY_SHIFT 0u         /* RO: a registration is in progress in the EKT */
#define KMU_STATUS_REG_BUSY_WIDTH 1u
#define KMU_STATUS_REG_BUSY_MASK 0x00000001u
#define KMU_STATUS_REG_BUSY_RESET 0x00000000u
#define KMU_STATUS_DESC_PENDING_SHIFT 1u     /* RO: a descriptor is waiting to be taken */
#define KMU_STATUS_DESC_PENDING_WIDTH 1u
#define KMU_STATUS_DESC_PENDING_MASK 0x00000002u
#define KMU_STATUS_DESC_PENDING_RESET 0x00000000u

/* ---- ERR_STATUS */
#define KMU_ERR_STATUS_ADDR 0x0010u          /* Sticky error flags; write 1 to clear. A flag set and cleared in the same cycle stays set. Raises irq_o while any flag is set and IRQ_ENABLE.ERR is 1. */
#define KMU_ERR_STATUS_RESET 0x00000000u
#define KMU_ERR_STATUS_MASK 0x000000FFu
#define KMU_ERR_STATUS_RD 1u
#define KMU_ERR_STATUS_WR 1u
#define KMU_ERR_STATUS_DB_UNKNOWN_SHIFT 0u   /* RW1C: doorbell index >= EKT entries */
#define KMU_ERR_STATUS_DB_UNKNOWN_WIDTH 1u
#define KMU_ERR_STATUS_DB_UNKNOWN_MASK 0x00000001u
#define KMU_ERR_STATUS_DB_UNKNOWN_RESET 0x00000000u
#define KMU_ERR_STATUS_DB_UNREG_SHIFT 1u     /* RW1C: doorbell of an unregistered entry */
#define KMU_ERR_STATUS_DB_UNREG_WIDTH 1u
#define KMU_ERR_STATUS_DB_UNREG_MASK 0x00000002u
#define KMU_ERR_STATUS_DB_UNREG_RESET 0x00000000u
#define KMU_ERR_STATUS_DB_INFLIGHT_SHIFT 2u  /* RW1C: doorbell refused: in-flight limit, or its entry's pending-doorbell count full */
#define KMU_ERR_STATUS_DB_INFLIGHT_WIDTH 1u
#define KMU_ERR_STATUS_DB_INFLIGHT_MASK 0x00000004u
#define KMU_ERR_STATUS_DB_INFLIGHT_RESET 0x00000000u
#define KMU_ERR_STATUS_REG_REFUSED_SHIFT 3u  /* RW1C: a registration finished with a code != OK */
#define KMU_ERR_STATUS_REG_REFUSED_WIDTH 1u
#define KMU_ERR_STATUS_REG_REFUSED_MASK 0x00000008u
#define KMU_ERR_STATUS_REG_REFUSED_RESET 0x00000000u
#define KMU_ERR_STATUS_UNREG_REFUSED_SHIFT 4u /* RW1C: an unregistration was refused */
#define KMU_ERR_STATUS_UNREG_REFUSED_WIDTH 1u
#define KMU_ERR_STATUS_UNREG_REFUSED_MASK 0x00000010u
#define KMU_ERR_STATUS_UNREG_REFUSED_RESET 0x00000000u
#define KMU_ERR_STATUS_CPL_SPURIOUS_SHIFT 5u /* RW1C: completion of an unregistered entry or one with nothing in flight */
#define KMU_ERR_STATUS_CPL_SPURIOUS_WIDTH 1u
#define KMU_ERR_STATUS_CPL_SPURIOUS_MASK 0x00000020u
#define KMU_ERR_STATUS_CPL_SPURIOUS_RESET 0x00000000u
#define KMU_ERR_STATUS_BUS_SHIFT 6u          /* RW1C: a bus request was answered SLVERR */
#define KMU_ERR_STATUS_BUS_WIDTH 1u
#define KMU_ERR_STATUS_BUS_MASK 0x00000040u
#define KMU_ERR_STATUS_BUS_RESET 0x00000000u
#define KMU_ERR_STATUS_HOST_REFUSED_SHIFT 7u /* RW1C: a host launch was refused (a zero grid or TB dimension) */
#define KMU_ERR_STATUS_HOST_REFUSED_WIDTH 1u
#define KMU_ERR_STATUS_HOST_REFUSED_MASK 0x00000080u
#define KMU_ERR_STATUS_HOST_REFUSED_RESET 0x00000000u

/* ---- ERR_DB_INFO */
#define KMU_ERR_DB_INFO_ADDR 0x0014u         /* The last refused doorbell (kept by kmu_doorbell). */
#define KMU_ERR_DB_INFO_RESET 0x00000000u
#define KMU_ERR_DB_INFO_MASK 0x0003FFFFu
#define KMU_ERR_DB_INFO_RD 1u
#define KMU_ERR_DB_INFO_WR 0u
#define KMU_ERR_DB_INFO_IDX_SHIFT 0u         /* RO: doorbell index (word index in the doorbell window) */
#define KMU_ERR_DB_INFO_IDX_WIDTH 16u
#define KMU_ERR_DB_INFO_IDX_MASK 0x0000FFFFu
#define KMU_ERR_DB_INFO_IDX_RESET 0x00000000u
#define KMU_ERR_DB_INFO_CAUSE_SHIFT 16u      /* RO: why it was refused */
#define KMU_ERR_DB_INFO_CAUSE_WIDTH 2u
#define KMU_ERR_DB_INFO_CAUSE_MASK 0x00030000u
#define KMU_ERR_DB_INFO_CAUSE_RESET 0x00000000u

/* ---- ERR_CNT_DB */
#define KMU_ERR_CNT_DB_ADDR 0x0018u          /* Refused doorbells (unknown, unregistered, in-flight limit or pending count full). */
#define KMU_ERR_CNT_DB_RESET 0x00000000u
#define KMU_ERR_CNT_DB_MASK 0x0000FFFFu
#define KMU_ERR_CNT_DB_RD 1u
#define KMU_ERR_CNT_DB_WR 1u
#define KMU_ERR_CNT_DB_COUNT_SHIFT 0u        /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_ERR_CNT_DB_COUNT_WIDTH 16u
#define KMU_ERR_CNT_DB_COUNT_MASK 0x0000FFFFu
#define KMU_ERR_CNT_DB_COUNT_RESET 0x00000000u

/* ---- ERR_CNT_REG */
#define KMU_ERR_CNT_REG_ADDR 0x001Cu         /* Refused registrations, refused unregistrations and refused host launches. */
#define KMU_ERR_CNT_REG_RESET 0x00000000u
#define KMU_ERR_CNT_REG_MASK 0x0000FFFFu
#define KMU_ERR_CNT_REG_RD 1u
#define KMU_ERR_CNT_REG_WR 1u
#define KMU_ERR_CNT_REG_COUNT_SHIFT 0u       /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_ERR_CNT_REG_COUNT_WIDTH 16u
#define KMU_ERR_CNT_REG_COUNT_MASK 0x0000FFFFu
#define KMU_ERR_CNT_REG_COUNT_RESET 0x00000000u

/* ---- ERR_CNT_BUS */
#define KMU_ERR_CNT_BUS_ADDR 0x0020u         /* Bus requests answered SLVERR (busy commands included: REG_CMD, HL_CMD, TR_CMD, COPY_GO). */
#define KMU_ERR_CNT_BUS_RESET 0x00000000u
#define KMU_ERR_CNT_BUS_MASK 0x0000FFFFu
#define KMU_ERR_CNT_BUS_RD 1u
#define KMU_ERR_CNT_BUS_WR 1u
#define KMU_ERR_CNT_BUS_COUNT_SHIFT 0u       /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_ERR_CNT_BUS_COUNT_WIDTH 16u
#define KMU_ERR_CNT_BUS_COUNT_MASK 0x0000FFFFu
#define KMU_ERR_CNT_BUS_COUNT_RESET 0x00000000u

/* ---- ERR_CNT_CPL */
#define KMU_ERR_CNT_CPL_ADDR 0x0024u         /* Spurious completions. */
#define KMU_ERR_CNT_CPL_RESET 0x00000000u
#define KMU_ERR_CNT_CPL_MASK 0x0000FFFFu
#define KMU_ERR_CNT_CPL_RD 1u
#define KMU_ERR_CNT_CPL_WR 1u
#define KMU_ERR_CNT_CPL_COUNT_SHIFT 0u       /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_ERR_CNT_CPL_COUNT_WIDTH 16u
#define KMU_ERR_CNT_CPL_COUNT_MASK 0x0000FFFFu
#define KMU_ERR_CNT_CPL_COUNT_RESET 0x00000000u

/* ---- EKT_VALID */
#define KMU_EKT_VALID_ADDR 0x0028u           /* Registered EKT entries (bit i = entry i), low 32 entries. */
#define KMU_EKT_VALID_RESET 0x00000000u
#define KMU_EKT_VALID_MASK 0xFFFFFFFFu
#define KMU_EKT_VALID_RD 1u
#define KMU_EKT_VALID_WR 0u
#define KMU_EKT_VALID_VALID_SHIFT 0u         /* RO: valid bitmap, zero-extended */
#define KMU_EKT_VALID_VALID_WIDTH 32u
#define KMU_EKT_VALID_VALID_MASK 0xFFFFFFFFu
#define KMU_EKT_VALID_VALID_RESET 0x00000000u

/* ---- KERNEL_STATUS */
#define KMU_KERNEL_STATUS_ADDR 0x002Cu       /* Kernel completion status; write 1 to clear. A flag set and cleared in the same cycle stays set. Raises irq_o while set and IRQ_ENABLE.KERNEL_DONE is 1. */
#define KMU_KERNEL_STATUS_RESET 0x00000000u
#define KMU_KERNEL_STATUS_MASK 0x00000001u
#define KMU_KERNEL_STATUS_RD 1u
#define KMU_KERNEL_STATUS_WR 1u
#define KMU_KERNEL_STATUS_KERNEL_DONE_SHIFT 0u /* RW1C: a kernel completed (any kernel, event or host) */
#define KMU_KERNEL_STATUS_KERNEL_DONE_WIDTH 1u
#define KMU_KERNEL_STATUS_KERNEL_DONE_MASK 0x00000001u
#define KMU_KERNEL_STATUS_KERNEL_DONE_RESET 0x00000000u

/* ---- KMU_CTRL */
#define KMU_KMU_CTRL_ADDR 0x0030u            /* Kernel management control. */
#define KMU_KMU_CTRL_RESET 0x00000000u
#define KMU_KMU_CTRL_MASK 0x00000001u
#define KMU_KMU_CTRL_RD 1u
#define KMU_KMU_CTRL_WR 1u
#define KMU_KMU_CTRL_RGEM_SHIFT 0u           /* RW: RGEM mode (RGEM 3.2): one kernel at a time, the highest-priority pending one first; 0: concurrent kernels */
#define KMU_KMU_CTRL_RGEM_WIDTH 1u
#define KMU_KMU_CTRL_RGEM_MASK 0x00000001u
#define KMU_KMU_CTRL_RGEM_RESET 0x00000000u

/* ---- SM_RESERVE */
#define KMU_SM_RESERVE_ADDR 0x0034u          /* SMs reserved for event kernels (EDGE IV-A): when any SM is reserved, event kernels run only on reserved SMs and host kernels never do. Bits NSM..31 are not implemented (read 0, writes ignored); SMs 32 and up cannot be reserved. */
#define KMU_SM_RESERVE_RESET 0x00000000u
#define KMU_SM_RESERVE_MASK 0xFFFFFFFFu
#define KMU_SM_RESERVE_RD 1u
#define KMU_SM_RESERVE_WR 1u
#define KMU_SM_RESERVE_SMS_SHIFT 0u          /* RW: bit i reserves SM i */
#define KMU_SM_RESERVE_SMS_WIDTH 32u
#define KMU_SM_RESERVE_SMS_MASK 0xFFFFFFFFu
#define KMU_SM_RESERVE_SMS_RESET 0x00000000u

/* ---- IRQ_ENABLE */
#define KMU_IRQ_ENABLE_ADDR 0x0038u          /* Interrupt enables: irq_o = (ERR && ERR_STATUS != 0) || (KERNEL_DONE && KERNEL_STATUS.KERNEL_DONE). */
#define KMU_IRQ_ENABLE_RESET 0x00000001u
#define KMU_IRQ_ENABLE_MASK 0x00000003u
#define KMU_IRQ_ENABLE_RD 1u
#define KMU_IRQ_ENABLE_WR 1u
#define KMU_IRQ_ENABLE_ERR_SHIFT 0u          /* RW: raise irq_o while any ERR_STATUS flag is set */
#define KMU_IRQ_ENABLE_ERR_WIDTH 1u
#define KMU_IRQ_ENABLE_ERR_MASK 0x00000001u
#define KMU_IRQ_ENABLE_ERR_RESET 0x00000001u
#define KMU_IRQ_ENABLE_KERNEL_DONE_SHIFT 1u  /* RW: raise irq_o while KERNEL_STATUS.KERNEL_DONE is set */
#define KMU_IRQ_ENABLE_KERNEL_DONE_WIDTH 1u
#define KMU_IRQ_ENABLE_KERNEL_DONE_MASK 0x00000002u
#define KMU_IRQ_ENABLE_KERNEL_DONE_RESET 0x00000000u

/* ---- PERF_DOORBELLS */
#define KMU_PERF_DOORBELLS_ADDR 0x0040u      /* Doorbells that launched an event kernel. */
#define KMU_PERF_DOORBELLS_RESET 0x00000000u
#define KMU_PERF_DOORBELLS_MASK 0x0000FFFFu
#define KMU_PERF_DOORBELLS_RD 1u
#define KMU_PERF_DOORBELLS_WR 1u
#define KMU_PERF_DOORBELLS_COUNT_SHIFT 0u    /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_PERF_DOORBELLS_COUNT_WIDTH 16u
#define KMU_PERF_DOORBELLS_COUNT_MASK 0x0000FFFFu
#define KMU_PERF_DOORBELLS_COUNT_RESET 0x00000000u

/* ---- PERF_LAUNCHES */
#define KMU_PERF_LAUNCHES_ADDR 0x0044u       /* Descriptors handed out by the EKT. */
#define KMU_PERF_LAUNCHES_RESET 0x00000000u
#define KMU_PERF_LAUNCHES_MASK 0x0000FFFFu
#define KMU_PERF_LAUNCHES_RD 1u
#define KMU_PERF_LAUNCHES_WR 1u
#define KMU_PERF_LAUNCHES_COUNT_SHIFT 0u     /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_PERF_LAUNCHES_COUNT_WIDTH 16u
#define KMU_PERF_LAUNCHES_COUNT_MASK 0x0000FFFFu
#define KMU_PERF_LAUNCHES_COUNT_RESET 0x00000000u

/* ---- PERF_COMPLETIONS */
#define KMU_PERF_COMPLETIONS_ADDR 0x0048u    /* Valid completions (credits returned). */
#define KMU_PERF_COMPLETIONS_RESET 0x00000000u
#define KMU_PERF_COMPLETIONS_MASK 0x0000FFFFu
#define KMU_PERF_COMPLETIONS_RD 1u
#define KMU_PERF_COMPLETIONS_WR 1u
#define KMU_PERF_COMPLETIONS_COUNT_SHIFT 0u  /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_PERF_COMPLETIONS_COUNT_WIDTH 16u
#define KMU_PERF_COMPLETIONS_COUNT_MASK 0x0000FFFFu
#define KMU_PERF_COMPLETIONS_COUNT_RESET 0x00000000u

/* ---- SCRATCH */
#define KMU_SCRATCH_ADDR 0x004Cu             /* Scratch register for software (no effect). */
#define KMU_SCRATCH_RESET 0x00000000u
#define KMU_SCRATCH_MASK 0xFFFFFFFFu
#define KMU_SCRATCH_RD 1u
#define KMU_SCRATCH_WR 1u
#define KMU_SCRATCH_VALUE_SHIFT 0u           /* RW: value */
#define KMU_SCRATCH_VALUE_WIDTH 32u
#define KMU_SCRATCH_VALUE_MASK 0xFFFFFFFFu
#define KMU_SCRATCH_VALUE_RESET 0x00000000u

/* ---- PERF_KERNELS */
#define KMU_PERF_KERNELS_ADDR 0x0050u        /* Completed kernels (event and host). */
#define KMU_PERF_KERNELS_RESET 0x00000000u
#define KMU_PERF_KERNELS_MASK 0x0000FFFFu
#define KMU_PERF_KERNELS_RD 1u
#define KMU_PERF_KERNELS_WR 1u
#define KMU_PERF_KERNELS_COUNT_SHIFT 0u      /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_PERF_KERNELS_COUNT_WIDTH 16u
#define KMU_PERF_KERNELS_COUNT_MASK 0x0000FFFFu
#define KMU_PERF_KERNELS_COUNT_RESET 0x00000000u

/* ---- REG_KPTR */
#define KMU_REG_KPTR_ADDR 0x0100u            /* Kernel pointer. */
#define KMU_REG_KPTR_RESET 0x00000000u
#define KMU_REG_KPTR_MASK 0xFFFFFFFFu
#define KMU_REG_KPTR_RD 1u
#define KMU_REG_KPTR_WR 1u
#define KMU_REG_KPTR_VALUE_SHIFT 0u          /* RW: value */
#define KMU_REG_KPTR_VALUE_WIDTH 32u
#define KMU_REG_KPTR_VALUE_MASK 0xFFFFFFFFu
#define KMU_REG_KPTR_VALUE_RESET 0x00000000u

/* ---- REG_GRID_XY */
#define KMU_REG_GRID_XY_ADDR 0x0104u         /* Grid dimensions x, y. */
#define KMU_REG_GRID_XY_RESET 0x00000000u
#define KMU_REG_GRID_XY_MASK 0xFFFFFFFFu
#define KMU_REG_GRID_XY_RD 1u
#define KMU_REG_GRID_XY_WR 1u
#define KMU_REG_GRID_XY_X_SHIFT 0u           /* RW: grid x */
#define KMU_REG_GRID_XY_X_WIDTH 16u
#define KMU_REG_GRID_XY_X_MASK 0x0000FFFFu
#define KMU_REG_GRID_XY_X_RESET 0x00000000u
#define KMU_REG_GRID_XY_Y_SHIFT 16u          /* RW: grid y */
#define KMU_REG_GRID_XY_Y_WIDTH 16u
#define KMU_REG_GRID_XY_Y_MASK 0xFFFF0000u
#define KMU_REG_GRID_XY_Y_RESET 0x00000000u

/* ---- REG_GRID_Z */
#define KMU_REG_GRID_Z_ADDR 0x0108u          /* Grid dimension z. */
#define KMU_REG_GRID_Z_RESET 0x00000000u
#define KMU_REG_GRID_Z_MASK 0x0000FFFFu
#define KMU_REG_GRID_Z_RD 1u
#define KMU_REG_GRID_Z_WR 1u
#define KMU_REG_GRID_Z_Z_SHIFT 0u            /* RW: grid z */
#define KMU_REG_GRID_Z_Z_WIDTH 16u
#define KMU_REG_GRID_Z_Z_MASK 0x0000FFFFu
#define KMU_REG_GRID_Z_Z_RESET 0x00000000u

/* ---- REG_TB_XY */
#define KMU_REG_TB_XY_ADDR 0x010Cu           /* Thread-block dimensions x, y. */
#define KMU_REG_TB_XY_RESET 0x00000000u
#define KMU_REG_TB_XY_MASK 0xFFFFFFFFu
#define KMU_REG_TB_XY_RD 1u
#define KMU_REG_TB_XY_WR 1u
#define KMU_REG_TB_XY_X_SHIFT 0u             /* RW: TB x */
#define KMU_REG_TB_XY_X_WIDTH 16u
#define KMU_REG_TB_XY_X_MASK 0x0000FFFFu
#define KMU_REG_TB_XY_X_RESET 0x00000000u
#define KMU_REG_TB_XY_Y_SHIFT 16u            /* RW: TB y */
#define KMU_REG_TB_XY_Y_WIDTH 16u
#define KMU_REG_TB_XY_Y_MASK 0xFFFF0000u
#define KMU_REG_TB_XY_Y_RESET 0x00000000u

/* ---- REG_TB_Z */
#define KMU_REG_TB_Z_ADDR 0x0110u            /* Thread-block dimension z. */
#define KMU_REG_TB_Z_RESET 0x00000000u
#define KMU_REG_TB_Z_MASK 0x0000FFFFu
#define KMU_REG_TB_Z_RD 1u
#define KMU_REG_TB_Z_WR 1u
#define KMU_REG_TB_Z_Z_SHIFT 0u              /* RW: TB z */
#define KMU_REG_TB_Z_Z_WIDTH 16u
#define KMU_REG_TB_Z_Z_MASK 0x0000FFFFu
#define KMU_REG_TB_Z_Z_RESET 0x00000000u

/* ---- REG_RES */
#define KMU_REG_RES_ADDR 0x0114u             /* Resources. */
#define KMU_REG_RES_RESET 0x00000000u
#define KMU_REG_RES_MASK 0x03FFFFFFu
#define KMU_REG_RES_RD 1u
#define KMU_REG_RES_WR 1u
#define KMU_REG_RES_SHMEM_SHIFT 0u           /* RW: shared memory bytes */
#define KMU_REG_RES_SHMEM_WIDTH 16u
#define KMU_REG_RES_SHMEM_MASK 0x0000FFFFu
#define KMU_REG_RES_SHMEM_RESET 0x00000000u
#define KMU_REG_RES_NREGS_SHIFT 16u          /* RW: registers per thread */
#define KMU_REG_RES_NREGS_WIDTH 8u
#define KMU_REG_RES_NREGS_MASK 0x00FF0000u
#define KMU_REG_RES_NREGS_RESET 0x00000000u
#define KMU_REG_RES_PRIO_SHIFT 24u           /* RW: priority */
#define KMU_REG_RES_PRIO_WIDTH 2u
#define KMU_REG_RES_PRIO_MASK 0x03000000u
#define KMU_REG_RES_PRIO_RESET 0x00000000u

/* ---- REG_PBASE */
#define KMU_REG_PBASE_ADDR 0x0118u           /* Parameter buffer base (byte address, multiple of 4). */
#define KMU_REG_PBASE_RESET 0x00000000u
#define KMU_REG_PBASE_MASK 0xFFFFFFFFu
#define KMU_REG_PBASE_RD 1u
#define KMU_REG_PBASE_WR 1u
#define KMU_REG_PBASE_VALUE_SHIFT 0u         /* RW: value */
#define KMU_REG_PBASE_VALUE_WIDTH 32u
#define KMU_REG_PBASE_VALUE_MASK 0xFFFFFFFFu
#define KMU_REG_PBASE_VALUE_RESET 0x00000000u

/* ---- REG_PEND */
#define KMU_REG_PEND_ADDR 0x011Cu            /* Parameter buffer end (exclusive: one past the last byte). */
#define KMU_REG_PEND_RESET 0x00000000u
#define KMU_REG_PEND_MASK 0xFFFFFFFFu
#define KMU_REG_PEND_RD 1u
#define KMU_REG_PEND_WR 1u
#define KMU_REG_PEND_VALUE_SHIFT 0u          /* RW: value */
#define KMU_REG_PEND_VALUE_WIDTH 32u
#define KMU_REG_PEND_VALUE_MASK 0xFFFFFFFFu
#define KMU_REG_PEND_VALUE_RESET 0x00000000u

/* ---- REG_PSIZE */
#define KMU_REG_PSIZE_ADDR 0x0120u           /* Parameter entry size and in-flight limit. */
#define KMU_REG_PSIZE_RESET 0x00000000u
#define KMU_REG_PSIZE_MASK 0x00FFFFFFu
#define KMU_REG_PSIZE_RD 1u
#define KMU_REG_PSIZE_WR 1u
#define KMU_REG_PSIZE_ESIZE_SHIFT 0u         /* RW: parameter entry size in bytes */
#define KMU_REG_PSIZE_ESIZE_WIDTH 16u
#define KMU_REG_PSIZE_ESIZE_MASK 0x0000FFFFu
#define KMU_REG_PSIZE_ESIZE_RESET 0x00000000u
#define KMU_REG_PSIZE_MAXINF_SHIFT 16u       /* RW: max in-flight events */
#define KMU_REG_PSIZE_MAXINF_WIDTH 8u
#define KMU_REG_PSIZE_MAXINF_MASK 0x00FF0000u
#define KMU_REG_PSIZE_MAXINF_RESET 0x00000000u

/* ---- REG_CMD */
#define KMU_REG_CMD_ADDR 0x0124u             /* Any write starts a registration with the staging registers. SLVERR (busy), nothing started, while a registration is in progress (REG_RESULT.BUSY): the bus never waits. */
#define KMU_REG_CMD_RESET 0x00000000u
#define KMU_REG_CMD_MASK 0xFFFFFFFFu
#define KMU_REG_CMD_RD 0u
#define KMU_REG_CMD_WR 1u
#define KMU_REG_CMD_GO_SHIFT 0u              /* WO: ignored */
#define KMU_REG_CMD_GO_WIDTH 32u
#define KMU_REG_CMD_GO_MASK 0xFFFFFFFFu
#define KMU_REG_CMD_GO_RESET 0x00000000u

/* ---- REG_RESULT */
#define KMU_REG_RESULT_ADDR 0x0128u          /* Result of the last registration. */
#define KMU_REG_RESULT_RESET 0x00000000u
#define KMU_REG_RESULT_MASK 0xC00700FFu
#define KMU_REG_RESULT_RD 1u
#define KMU_REG_RESULT_WR 0u
#define KMU_REG_RESULT_ID_SHIFT 0u           /* RO: doorbell id (EKT entry) assigned */
#define KMU_REG_RESULT_ID_WIDTH 8u
#define KMU_REG_RESULT_ID_MASK 0x000000FFu
#define KMU_REG_RESULT_ID_RESET 0x00000000u
#define KMU_REG_RESULT_CODE_SHIFT 16u        /* RO: result code */
#define KMU_REG_RESULT_CODE_WIDTH 3u
#define KMU_REG_RESULT_CODE_MASK 0x00070000u
#define KMU_REG_RESULT_CODE_RESET 0x00000000u
#define KMU_REG_RESULT_DONE_SHIFT 30u        /* RO: a result is here (cleared when the next registration starts) */
#define KMU_REG_RESULT_DONE_WIDTH 1u
#define KMU_REG_RESULT_DONE_MASK 0x40000000u
#define KMU_REG_RESULT_DONE_RESET 0x00000000u
#define KMU_REG_RESULT_BUSY_SHIFT 31u        /* RO: a registration is in progress */
#define KMU_REG_RESULT_BUSY_WIDTH 1u
#define KMU_REG_RESULT_BUSY_MASK 0x80000000u
#define KMU_REG_RESULT_BUSY_RESET 0x00000000u

/* ---- UNREG_CMD */
#define KMU_UNREG_CMD_ADDR 0x012Cu           /* Write the doorbell id to unregister (BUSY while events are in flight or doorbells of it wait). */
#define KMU_UNREG_CMD_RESET 0x00000000u
#define KMU_UNREG_CMD_MASK 0x000000FFu
#define KMU_UNREG_CMD_RD 0u
#define KMU_UNREG_CMD_WR 1u
#define KMU_UNREG_CMD_ID_SHIFT 0u            /* WO: doorbell id */
#define KMU_UNREG_CMD_ID_WIDTH 8u
#define KMU_UNREG_CMD_ID_MASK 0x000000FFu
#define KMU_UNREG_CMD_ID_RESET 0x00000000u

/* ---- UNREG_RESULT */
#define KMU_UNREG_RESULT_ADDR 0x0130u        /* Result of the last unregistration (captured in the UNREG_CMD write cycle). */
#define KMU_UNREG_RESULT_RESET 0x00000000u
#define KMU_UNREG_RESULT_MASK 0x400300FFu
#define KMU_UNREG_RESULT_RD 1u
#define KMU_UNREG_RESULT_WR 0u
#define KMU_UNREG_RESULT_ID_SHIFT 0u         /* RO: doorbell id */
#define KMU_UNREG_RESULT_ID_WIDTH 8u
#define KMU_UNREG_RESULT_ID_MASK 0x000000FFu
#define KMU_UNREG_RESULT_ID_RESET 0x00000000u
#define KMU_UNREG_RESULT_CODE_SHIFT 16u      /* RO: result code */
#define KMU_UNREG_RESULT_CODE_WIDTH 2u
#define KMU_UNREG_RESULT_CODE_MASK 0x00030000u
#define KMU_UNREG_RESULT_CODE_RESET 0x00000000u
#define KMU_UNREG_RESULT_DONE_SHIFT 30u      /* RO: a result is here */
#define KMU_UNREG_RESULT_DONE_WIDTH 1u
#define KMU_UNREG_RESULT_DONE_MASK 0x40000000u
#define KMU_UNREG_RESULT_DONE_RESET 0x00000000u

/* ---- DOORBELL */
#define KMU_DOORBELL_ADDR 0x1000u            /* element 0; Doorbell i at 0x1000 + 4*i; write-only, any value. Answered OKAY at once whatever the back end does: a doorbell the EKT cannot take yet waits in its entry's pending count (refused when the count is full: ERR_STATUS.DB_INFLIGHT); an unregister of an entry with doorbells waiting is BUSY. */
#define KMU_DOORBELL_COUNT 1024u
#define KMU_DOORBELL_STRIDE 4u
#define KMU_DOORBELL_RESET 0x00000000u
#define KMU_DOORBELL_MASK 0xFFFFFFFFu
#define KMU_DOORBELL_RD 0u
#define KMU_DOORBELL_WR 1u
#define KMU_DOORBELL_RING_SHIFT 0u           /* WO: ignored */
#define KMU_DOORBELL_RING_WIDTH 32u
#define KMU_DOORBELL_RING_MASK 0xFFFFFFFFu
#define KMU_DOORBELL_RING_RESET 0x00000000u

/* ---- HL_KPTR */
#define KMU_HL_KPTR_ADDR 0x2000u             /* Kernel pointer. */
#define KMU_HL_KPTR_RESET 0x00000000u
#define KMU_HL_KPTR_MASK 0xFFFFFFFFu
#define KMU_HL_KPTR_RD 1u
#define KMU_HL_KPTR_WR 1u
#define KMU_HL_KPTR_VALUE_SHIFT 0u           /* RW: value */
#define KMU_HL_KPTR_VALUE_WIDTH 32u
#define KMU_HL_KPTR_VALUE_MASK 0xFFFFFFFFu
#define KMU_HL_KPTR_VALUE_RESET 0x00000000u

/* ---- HL_GRID_XY */
#define KMU_HL_GRID_XY_ADDR 0x2004u          /* Grid dimensions x, y. */
#define KMU_HL_GRID_XY_RESET 0x00000000u
#define KMU_HL_GRID_XY_MASK 0xFFFFFFFFu
#define KMU_HL_GRID_XY_RD 1u
#define KMU_HL_GRID_XY_WR 1u
#define KMU_HL_GRID_XY_X_SHIFT 0u            /* RW: grid x */
#define KMU_HL_GRID_XY_X_WIDTH 16u
#define KMU_HL_GRID_XY_X_MASK 0x0000FFFFu
#define KMU_HL_GRID_XY_X_RESET 0x00000000u
#define KMU_HL_GRID_XY_Y_SHIFT 16u           /* RW: grid y */
#define KMU_HL_GRID_XY_Y_WIDTH 16u
#define KMU_HL_GRID_XY_Y_MASK 0xFFFF0000u
#define KMU_HL_GRID_XY_Y_RESET 0x00000000u

/* ---- HL_GRID_Z */
#define KMU_HL_GRID_Z_ADDR 0x2008u           /* Grid dimension z. */
#define KMU_HL_GRID_Z_RESET 0x00000000u
#define KMU_HL_GRID_Z_MASK 0x0000FFFFu
#define KMU_HL_GRID_Z_RD 1u
#define KMU_HL_GRID_Z_WR 1u
#define KMU_HL_GRID_Z_Z_SHIFT 0u             /* RW: grid z */
#define KMU_HL_GRID_Z_Z_WIDTH 16u
#define KMU_HL_GRID_Z_Z_MASK 0x0000FFFFu
#define KMU_HL_GRID_Z_Z_RESET 0x00000000u

/* ---- HL_TB_XY */
#define KMU_HL_TB_XY_ADDR 0x200Cu            /* Thread-block dimensions x, y. */
#define KMU_HL_TB_XY_RESET 0x00000000u
#define KMU_HL_TB_XY_MASK 0xFFFFFFFFu
#define KMU_HL_TB_XY_RD 1u
#define KMU_HL_TB_XY_WR 1u
#define KMU_HL_TB_XY_X_SHIFT 0u              /* RW: TB x */
#define KMU_HL_TB_XY_X_WIDTH 16u
#define KMU_HL_TB_XY_X_MASK 0x0000FFFFu
#define KMU_HL_TB_XY_X_RESET 0x00000000u
#define KMU_HL_TB_XY_Y_SHIFT 16u             /* RW: TB y */
#define KMU_HL_TB_XY_Y_WIDTH 16u
#define KMU_HL_TB_XY_Y_MASK 0xFFFF0000u
#define KMU_HL_TB_XY_Y_RESET 0x00000000u

/* ---- HL_TB_Z */
#define KMU_HL_TB_Z_ADDR 0x2010u             /* Thread-block dimension z. */
#define KMU_HL_TB_Z_RESET 0x00000000u
#define KMU_HL_TB_Z_MASK 0x0000FFFFu
#define KMU_HL_TB_Z_RD 1u
#define KMU_HL_TB_Z_WR 1u
#define KMU_HL_TB_Z_Z_SHIFT 0u               /* RW: TB z */
#define KMU_HL_TB_Z_Z_WIDTH 16u
#define KMU_HL_TB_Z_Z_MASK 0x0000FFFFu
#define KMU_HL_TB_Z_Z_RESET 0x00000000u

/* ---- HL_RES */
#define KMU_HL_RES_ADDR 0x2014u              /* Resources. */
#define KMU_HL_RES_RESET 0x00000000u
#define KMU_HL_RES_MASK 0x07FFFFFFu
#define KMU_HL_RES_RD 1u
#define KMU_HL_RES_WR 1u
#define KMU_HL_RES_SHMEM_SHIFT 0u            /* RW: shared memory bytes */
#define KMU_HL_RES_SHMEM_WIDTH 16u
#define KMU_HL_RES_SHMEM_MASK 0x0000FFFFu
#define KMU_HL_RES_SHMEM_RESET 0x00000000u
#define KMU_HL_RES_NREGS_SHIFT 16u           /* RW: registers per thread */
#define KMU_HL_RES_NREGS_WIDTH 8u
#define KMU_HL_RES_NREGS_MASK 0x00FF0000u
#define KMU_HL_RES_NREGS_RESET 0x00000000u
#define KMU_HL_RES_PRIO_SHIFT 24u            /* RW: priority (3 = highest) */
#define KMU_HL_RES_PRIO_WIDTH 2u
#define KMU_HL_RES_PRIO_MASK 0x03000000u
#define KMU_HL_RES_PRIO_RESET 0x00000000u
#define KMU_HL_RES_CLASS_SHIFT 26u           /* RW: TReM class: 1 user-facing, 0 batch (revocable by ROOM requests and the TReM policies) */
#define KMU_HL_RES_CLASS_WIDTH 1u
#define KMU_HL_RES_CLASS_MASK 0x04000000u
#define KMU_HL_RES_CLASS_RESET 0x00000000u

/* ---- HL_PARAM */
#define KMU_HL_PARAM_ADDR 0x2018u            /* Kernel parameter (parameter buffer address). */
#define KMU_HL_PARAM_RESET 0x00000000u
#define KMU_HL_PARAM_MASK 0xFFFFFFFFu
#define KMU_HL_PARAM_RD 1u
#define KMU_HL_PARAM_WR 1u
#define KMU_HL_PARAM_VALUE_SHIFT 0u          /* RW: value */
#define KMU_HL_PARAM_VALUE_WIDTH 32u
#define KMU_HL_PARAM_VALUE_MASK 0xFFFFFFFFu
#define KMU_HL_PARAM_VALUE_RESET 0x00000000u

/* ---- HL_CPL_ADDR */
#define KMU_HL_CPL_ADDR_ADDR 0x201Cu         /* Completion flag address (written when the kernel completes). */
#define KMU_HL_CPL_ADDR_RESET 0x00000000u
#define KMU_HL_CPL_ADDR_MASK 0xFFFFFFFFu
#define KMU_HL_CPL_ADDR_RD 1u
#define KMU_HL_CPL_ADDR_WR 1u
#define KMU_HL_CPL_ADDR_VALUE_SHIFT 0u       /* RW: value */
#define KMU_HL_CPL_ADDR_VALUE_WIDTH 32u
#define KMU_HL_CPL_ADDR_VALUE_MASK 0xFFFFFFFFu
#define KMU_HL_CPL_ADDR_VALUE_RESET 0x00000000u

/* ---- HL_CMD */
#define KMU_HL_CMD_ADDR 0x2020u              /* Any write launches the staged kernel: the staging registers are copied into the host descriptor. SLVERR (busy), nothing launched, while the previous launch is still pending and not taken in that cycle (HL_STATUS.PENDING): the bus never waits; software retries. A zero grid or TB dimension is refused: nothing is launched, ERR_STATUS.HOST_REFUSED, ERR_CNT_REG. */
#define KMU_HL_CMD_RESET 0x00000000u
#define KMU_HL_CMD_MASK 0xFFFFFFFFu
#define KMU_HL_CMD_RD 0u
#define KMU_HL_CMD_WR 1u
#define KMU_HL_CMD_GO_SHIFT 0u               /* WO: ignored */
#define KMU_HL_CMD_GO_WIDTH 32u
#define KMU_HL_CMD_GO_MASK 0xFFFFFFFFu
#define KMU_HL_CMD_GO_RESET 0x00000000u

/* ---- HL_STATUS */
#define KMU_HL_STATUS_ADDR 0x2024u           /* Host launch status. */
#define KMU_HL_STATUS_RESET 0x00000000u
#define KMU_HL_STATUS_MASK 0x00000001u
#define KMU_HL_STATUS_RD 1u
#define KMU_HL_STATUS_WR 0u
#define KMU_HL_STATUS_PENDING_SHIFT 0u       /* RO: a launched host kernel waits to be taken (host_valid_o) */
#define KMU_HL_STATUS_PENDING_WIDTH 1u
#define KMU_HL_STATUS_PENDING_MASK 0x00000001u
#define KMU_HL_STATUS_PENDING_RESET 0x00000000u

/* ---- HL_EST */
#define KMU_HL_EST_ADDR 0x2028u              /* TReM: the kernel's estimated execution time in cycles (0: none given); the Elastic rule (ROOM_EL) compares what is left of it with TR_COST. */
#define KMU_HL_EST_RESET 0x00000000u
#define KMU_HL_EST_MASK 0xFFFFFFFFu
#define KMU_HL_EST_RD 1u
#define KMU_HL_EST_WR 1u
#define KMU_HL_EST_VALUE_SHIFT 0u            /* RW: value */
#define KMU_HL_EST_VALUE_WIDTH 32u
#define KMU_HL_EST_VALUE_MASK 0xFFFFFFFFu
#define KMU_HL_EST_VALUE_RESET 0x00000000u

/* ---- PRE_CTRL */
#define KMU_PRE_CTRL_ADDR 0x2100u            /* Preemption control. Reset: DRAIN, everything off. */
#define KMU_PRE_CTRL_RESET 0x00000000u
#define KMU_PRE_CTRL_MASK 0x000007FFu
#define KMU_PRE_CTRL_RD 1u
#define KMU_PRE_CTRL_WR 1u
#define KMU_PRE_CTRL_POLICY_SHIFT 0u         /* RW: TB-level preemption of SMs running lower-priority work when a higher-priority kernel cannot start; DRAIN: no TB-level preemption */
#define KMU_PRE_CTRL_POLICY_WIDTH 2u
#define KMU_PRE_CTRL_POLICY_MASK 0x00000003u
#define KMU_PRE_CTRL_POLICY_RESET 0x00000000u
#define KMU_PRE_CTRL_INPLACE_SHIFT 2u        /* RW: PEP in-place incremental saves: incremental checkpoints go to the SM's on-chip store instead of memory (inplace_en_i of kmu_sm_ctrl) */
#define KMU_PRE_CTRL_INPLACE_WIDTH 1u
#define KMU_PRE_CTRL_INPLACE_MASK 0x00000004u
#define KMU_PRE_CTRL_INPLACE_RESET 0x00000000u
#define KMU_PRE_CTRL_WP_EN_SHIFT 3u          /* RW: EDGE IV-D warp-level preemption for warp-level event kernels (wp_en_i of kmu_warp_preempt) */
#define KMU_PRE_CTRL_WP_EN_WIDTH 1u
#define KMU_PRE_CTRL_WP_EN_MASK 0x00000008u
#define KMU_PRE_CTRL_WP_EN_RESET 0x00000000u
#define KMU_PRE_CTRL_VPOL_SHIFT 4u           /* RW: warp-preemption victim policy (3 is reserved and acts as OLDEST) */
#define KMU_PRE_CTRL_VPOL_WIDTH 2u
#define KMU_PRE_CTRL_VPOL_MASK 0x00000030u
#define KMU_PRE_CTRL_VPOL_RESET 0x00000000u
#define KMU_PRE_CTRL_OPT_SHIFT 6u            /* RW: warp-preemption flush optimisations, opt_i[3:0] of kmu_warp_preempt: OPT[0] (bit 6) boost, OPT[1] (bit 7) i-buffer flush, OPT[2] (bit 8) barrier skip, OPT[3] (bit 9) load drop; reset 0, all off (kmu_warp_preempt names no default) */
#define KMU_PRE_CTRL_OPT_WIDTH 4u
#define KMU_PRE_CTRL_OPT_MASK 0x000003C0u
#define KMU_PRE_CTRL_OPT_RESET 0x00000000u
#define KMU_PRE_CTRL_ALL_SHIFT 10u           /* RW: ask every candidate SM in one request (all_i of kmu_preempt_ctrl); 0: one SM at a time, the next only while the stall persists (the default: it frees room at one SM's save speed); 1: every SM that runs only lower-priority TBs at once, all saving through the shared memory port (for studies of that choice, PEP's sweep) */
#define KMU_PRE_CTRL_ALL_WIDTH 1u
#define KMU_PRE_CTRL_ALL_MASK 0x00000400u
#define KMU_PRE_CTRL_ALL_RESET 0x00000000u

/* ---- PRE_CTX_BASE */
#define KMU_PRE_CTX_BASE_ADDR 0x2104u        /* Byte address of the checkpoint areas in memory; SM s uses its own slice above it (the system top computes the slice). */
#define KMU_PRE_CTX_BASE_RESET 0x00000000u
#define KMU_PRE_CTX_BASE_MASK 0xFFFFFFFFu
#define KMU_PRE_CTX_BASE_RD 1u
#define KMU_PRE_CTX_BASE_WR 1u
#define KMU_PRE_CTX_BASE_VALUE_SHIFT 0u      /* RW: value */
#define KMU_PRE_CTX_BASE_VALUE_WIDTH 32u
#define KMU_PRE_CTX_BASE_VALUE_MASK 0xFFFFFFFFu
#define KMU_PRE_CTX_BASE_VALUE_RESET 0x00000000u

/* ---- PRE_DEADLINE */
#define KMU_PRE_DEADLINE_ADDR 0x2108u        /* Chimera's preemption deadline, cycles (deadline_i of kmu_pep_predictor). */
#define KMU_PRE_DEADLINE_RESET 0x00000000u
#define KMU_PRE_DEADLINE_MASK 0xFFFFFFFFu
#define KMU_PRE_DEADLINE_RD 1u
#define KMU_PRE_DEADLINE_WR 1u
#define KMU_PRE_DEADLINE_VALUE_SHIFT 0u      /* RW: value */
#define KMU_PRE_DEADLINE_VALUE_WIDTH 32u
#define KMU_PRE_DEADLINE_VALUE_MASK 0xFFFFFFFFu
#define KMU_PRE_DEADLINE_VALUE_RESET 0x00000000u

/* ---- PRE_BW */
#define KMU_PRE_BW_ADDR 0x210Cu              /* Context-save bandwidth the PEP / Chimera cost estimate assumes. */
#define KMU_PRE_BW_RESET 0x00000002u
#define KMU_PRE_BW_MASK 0x0000000Fu
#define KMU_PRE_BW_RD 1u
#define KMU_PRE_BW_WR 1u
#define KMU_PRE_BW_SHIFT_SHIFT 0u            /* RW: log2 of the context-save bandwidth, bytes per cycle (bw_shift_i of kmu_pep_predictor) */
#define KMU_PRE_BW_SHIFT_WIDTH 4u
#define KMU_PRE_BW_SHIFT_MASK 0x0000000Fu
#define KMU_PRE_BW_SHIFT_RESET 0x00000002u

/* ---- PRE_HINT */
#define KMU_PRE_HINT_ADDR 0x2110u            /* PEP launch hint (the driver's launch of a preempting kernel, PEP 3.2). A write stores the predicted launch time and raises pre_hint_valid_o for exactly one cycle, the cycle after the write is accepted, with pre_pred_launch_o already showing the written value. A read returns the last value written and raises nothing. */
#define KMU_PRE_HINT_RESET 0x00000000u
#define KMU_PRE_HINT_MASK 0xFFFFFFFFu
#define KMU_PRE_HINT_RD 1u
#define KMU_PRE_HINT_WR 1u
#define KMU_PRE_HINT_PRED_LAUNCH_SHIFT 0u    /* RW: predicted launch time of the hinted kernel, cycles from the hint (pred_launch_i of kmu_pep_predictor) */
#define KMU_PRE_HINT_PRED_LAUNCH_WIDTH 32u
#define KMU_PRE_HINT_PRED_LAUNCH_MASK 0xFFFFFFFFu
#define KMU_PRE_HINT_PRED_LAUNCH_RESET 0x00000000u

/* ---- PRE_STATUS */
#define KMU_PRE_STATUS_ADDR 0x2114u          /* Preemption status (live). */
#define KMU_PRE_STATUS_RESET 0x00000000u
#define KMU_PRE_STATUS_MASK 0x00000001u
#define KMU_PRE_STATUS_RD 1u
#define KMU_PRE_STATUS_WR 0u
#define KMU_PRE_STATUS_BUSY_SHIFT 0u         /* RO: a preemption is in progress somewhere in the system */
#define KMU_PRE_STATUS_BUSY_WIDTH 1u
#define KMU_PRE_STATUS_BUSY_MASK 0x00000001u
#define KMU_PRE_STATUS_BUSY_RESET 0x00000000u

/* ---- PERF_PREEMPTS */
#define KMU_PERF_PREEMPTS_ADDR 0x2118u       /* Cycles with a TB-level preemption request issued to the SMs. */
#define KMU_PERF_PREEMPTS_RESET 0x00000000u
#define KMU_PERF_PREEMPTS_MASK 0x0000FFFFu
#define KMU_PERF_PREEMPTS_RD 1u
#define KMU_PERF_PREEMPTS_WR 1u
#define KMU_PERF_PREEMPTS_COUNT_SHIFT 0u     /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_PERF_PREEMPTS_COUNT_WIDTH 16u
#define KMU_PERF_PREEMPTS_COUNT_MASK 0x0000FFFFu
#define KMU_PERF_PREEMPTS_COUNT_RESET 0x00000000u

/* ---- PERF_WP */
#define KMU_PERF_WP_ADDR 0x211Cu             /* Warp-level preemptions started. */
#define KMU_PERF_WP_RESET 0x00000000u
#define KMU_PERF_WP_MASK 0x0000FFFFu
#define KMU_PERF_WP_RD 1u
#define KMU_PERF_WP_WR 1u
#define KMU_PERF_WP_COUNT_SHIFT 0u           /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_PERF_WP_COUNT_WIDTH 16u
#define KMU_PERF_WP_COUNT_MASK 0x0000FFFFu
#define KMU_PERF_WP_COUNT_RESET 0x00000000u

/* ---- PERF_CTX_SAVES */
#define KMU_PERF_CTX_SAVES_ADDR 0x2120u      /* Context saves done. */
#define KMU_PERF_CTX_SAVES_RESET 0x00000000u
#define KMU_PERF_CTX_SAVES_MASK 0x0000FFFFu
#define KMU_PERF_CTX_SAVES_RD 1u
#define KMU_PERF_CTX_SAVES_WR 1u
#define KMU_PERF_CTX_SAVES_COUNT_SHIFT 0u    /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_PERF_CTX_SAVES_COUNT_WIDTH 16u
#define KMU_PERF_CTX_SAVES_COUNT_MASK 0x0000FFFFu
#define KMU_PERF_CTX_SAVES_COUNT_RESET 0x00000000u

/* ---- TR_CMD */
#define KMU_TR_CMD_ADDR 0x2200u              /* Any write issues a revoke request to kmu_revoke: it is held in a register stage until the unit takes it (SLVERR (busy), nothing issued, while a previous request is still held and not taken in that cycle: the bus never waits). TR_RESULT.DONE clears. */
#define KMU_TR_CMD_RESET 0x00000000u
#define KMU_TR_CMD_MASK 0xFFFF0007u
#define KMU_TR_CMD_RD 0u
#define KMU_TR_CMD_WR 1u
#define KMU_TR_CMD_KIND_SHIFT 0u             /* WO: what the request names */
#define KMU_TR_CMD_KIND_WIDTH 2u
#define KMU_TR_CMD_KIND_MASK 0x00000003u
#define KMU_TR_CMD_KIND_RESET 0x00000000u
#define KMU_TR_CMD_REPLAY_SHIFT 2u           /* WO: 1: replay the kernel from its first TB (back to the pending pool); 0: retire it */
#define KMU_TR_CMD_REPLAY_WIDTH 1u
#define KMU_TR_CMD_REPLAY_MASK 0x00000004u
#define KMU_TR_CMD_REPLAY_RESET 0x00000000u
#define KMU_TR_CMD_ID_SHIFT 16u              /* WO: TAG: the kernel tag; LID: the launch id; ROOM / ROOM_EL: unused (echoed in an error result) */
#define KMU_TR_CMD_ID_WIDTH 16u
#define KMU_TR_CMD_ID_MASK 0xFFFF0000u
#define KMU_TR_CMD_ID_RESET 0x00000000u

/* ---- TR_RESULT */
#define KMU_TR_RESULT_ADDR 0x2204u           /* Result of the last revoke request (kmu_revoke's completion). */
#define KMU_TR_RESULT_RESET 0x00000000u
#define KMU_TR_RESULT_MASK 0xFFFFFFCFu
#define KMU_TR_RESULT_RD 1u
#define KMU_TR_RESULT_WR 0u
#define KMU_TR_RESULT_STATUS_SHIFT 0u        /* RO: completion status */
#define KMU_TR_RESULT_STATUS_WIDTH 3u
#define KMU_TR_RESULT_STATUS_MASK 0x00000007u
#define KMU_TR_RESULT_STATUS_RESET 0x00000000u
#define KMU_TR_RESULT_REPLAY_SHIFT 3u        /* RO: the request's action (1 replay, 0 retire) */
#define KMU_TR_RESULT_REPLAY_WIDTH 1u
#define KMU_TR_RESULT_REPLAY_MASK 0x00000008u
#define KMU_TR_RESULT_REPLAY_RESET 0x00000000u
#define KMU_TR_RESULT_DONE_SHIFT 6u          /* RO: a result is here (cleared by the next TR_CMD write) */
#define KMU_TR_RESULT_DONE_WIDTH 1u
#define KMU_TR_RESULT_DONE_MASK 0x00000040u
#define KMU_TR_RESULT_DONE_RESET 0x00000000u
#define KMU_TR_RESULT_BUSY_SHIFT 7u          /* RO: a request is held or being served (live) */
#define KMU_TR_RESULT_BUSY_WIDTH 1u
#define KMU_TR_RESULT_BUSY_MASK 0x00000080u
#define KMU_TR_RESULT_BUSY_RESET 0x00000000u
#define KMU_TR_RESULT_TAG_SHIFT 8u           /* RO: the resolved kernel's tag (0 when none was resolved) */
#define KMU_TR_RESULT_TAG_WIDTH 8u
#define KMU_TR_RESULT_TAG_MASK 0x0000FF00u
#define KMU_TR_RESULT_TAG_RESET 0x00000000u
#define KMU_TR_RESULT_LID_SHIFT 16u          /* RO: the resolved kernel's launch id (the request's id when none was resolved) */
#define KMU_TR_RESULT_LID_WIDTH 16u
#define KMU_TR_RESULT_LID_MASK 0xFFFF0000u
#define KMU_TR_RESULT_LID_RESET 0x00000000u

/* ---- TR_EVENTS */
#define KMU_TR_EVENTS_ADDR 0x2208u           /* TReM events; write 1 to clear. A flag set and cleared in the same cycle stays set. Raises irq_o while a flag is set and its TR_IRQ_EN bit is 1. */
#define KMU_TR_EVENTS_RESET 0x00000000u
#define KMU_TR_EVENTS_MASK 0x00000003u
#define KMU_TR_EVENTS_RD 1u
#define KMU_TR_EVENTS_WR 1u
#define KMU_TR_EVENTS_DONE_SHIFT 0u          /* RW1C: a revoke request completed (any status) */
#define KMU_TR_EVENTS_DONE_WIDTH 1u
#define KMU_TR_EVENTS_DONE_MASK 0x00000001u
#define KMU_TR_EVENTS_DONE_RESET 0x00000000u
#define KMU_TR_EVENTS_GUARD_SHIFT 1u         /* RW1C: starvation guard: a replayed kernel reached TR_THRESH revocations and is now non-revocable (its tag in TR_GUARD) */
#define KMU_TR_EVENTS_GUARD_WIDTH 1u
#define KMU_TR_EVENTS_GUARD_MASK 0x00000002u
#define KMU_TR_EVENTS_GUARD_RESET 0x00000000u

/* ---- TR_GUARD */
#define KMU_TR_GUARD_ADDR 0x220Cu            /* The kernel of the last guard event. */
#define KMU_TR_GUARD_RESET 0x00000000u
#define KMU_TR_GUARD_MASK 0x000000FFu
#define KMU_TR_GUARD_RD 1u
#define KMU_TR_GUARD_WR 0u
#define KMU_TR_GUARD_TAG_SHIFT 0u            /* RO: kernel tag */
#define KMU_TR_GUARD_TAG_WIDTH 8u
#define KMU_TR_GUARD_TAG_MASK 0x000000FFu
#define KMU_TR_GUARD_TAG_RESET 0x00000000u

/* ---- TR_IRQ_EN */
#define KMU_TR_IRQ_EN_ADDR 0x2210u           /* TReM interrupt enables. */
#define KMU_TR_IRQ_EN_RESET 0x00000000u
#define KMU_TR_IRQ_EN_MASK 0x00000003u
#define KMU_TR_IRQ_EN_RD 1u
#define KMU_TR_IRQ_EN_WR 1u
#define KMU_TR_IRQ_EN_DONE_SHIFT 0u          /* RW: raise irq_o while TR_EVENTS.DONE is set */
#define KMU_TR_IRQ_EN_DONE_WIDTH 1u
#define KMU_TR_IRQ_EN_DONE_MASK 0x00000001u
#define KMU_TR_IRQ_EN_DONE_RESET 0x00000000u
#define KMU_TR_IRQ_EN_GUARD_SHIFT 1u         /* RW: raise irq_o while TR_EVENTS.GUARD is set */
#define KMU_TR_IRQ_EN_GUARD_WIDTH 1u
#define KMU_TR_IRQ_EN_GUARD_MASK 0x00000002u
#define KMU_TR_IRQ_EN_GUARD_RESET 0x00000000u

/* ---- TR_THRESH */
#define KMU_TR_THRESH_ADDR 0x2214u           /* Starvation guard (TReM VII). */
#define KMU_TR_THRESH_RESET 0x00000000u
#define KMU_TR_THRESH_MASK 0x0000000Fu
#define KMU_TR_THRESH_RD 1u
#define KMU_TR_THRESH_WR 1u
#define KMU_TR_THRESH_THR_SHIFT 0u           /* RW: revocations after which a kernel is non-revocable; 0: no guard */
#define KMU_TR_THRESH_THR_WIDTH 4u
#define KMU_TR_THRESH_THR_MASK 0x0000000Fu
#define KMU_TR_THRESH_THR_RESET 0x00000000u

/* ---- TR_COST */
#define KMU_TR_COST_ADDR 0x2218u             /* The revocation cost in cycles (Elastic's rule: ROOM_EL leaves a victim whose estimated remaining time is below it). */
#define KMU_TR_COST_RESET 0x00000000u
#define KMU_TR_COST_MASK 0xFFFFFFFFu
#define KMU_TR_COST_RD 1u
#define KMU_TR_COST_WR 1u
#define KMU_TR_COST_VALUE_SHIFT 0u           /* RW: value */
#define KMU_TR_COST_VALUE_WIDTH 32u
#define KMU_TR_COST_VALUE_MASK 0xFFFFFFFFu
#define KMU_TR_COST_VALUE_RESET 0x00000000u

/* ---- TR_CTRL */
#define KMU_TR_CTRL_ADDR 0x221Cu             /* TReM policy control. Reset: OFF. */
#define KMU_TR_CTRL_RESET 0x00000030u
#define KMU_TR_CTRL_MASK 0x00000773u
#define KMU_TR_CTRL_RD 1u
#define KMU_TR_CTRL_WR 1u
#define KMU_TR_CTRL_POLICY_SHIFT 0u          /* RW: automatic revocation policy (OFF: only TR_CMD) */
#define KMU_TR_CTRL_POLICY_WIDTH 2u
#define KMU_TR_CTRL_POLICY_MASK 0x00000003u
#define KMU_TR_CTRL_POLICY_RESET 0x00000000u
#define KMU_TR_CTRL_SHIFT_SHIFT 4u           /* RW: Elastic's average of user-facing execution times moves by 2^-SHIFT of each sample (shift_i of kmu_elastic) */
#define KMU_TR_CTRL_SHIFT_WIDTH 3u
#define KMU_TR_CTRL_SHIFT_MASK 0x00000070u
#define KMU_TR_CTRL_SHIFT_RESET 0x00000003u
#define KMU_TR_CTRL_UNIT_SHIFT 8u            /* RW: Elastic's unit: a user-facing task holds 2^UNIT SMs, so U = min(NSM, ceil(l_e q / TR_SLA) << UNIT) SMs (unit_i of kmu_elastic; 0: U counts SMs) */
#define KMU_TR_CTRL_UNIT_WIDTH 3u
#define KMU_TR_CTRL_UNIT_MASK 0x00000700u
#define KMU_TR_CTRL_UNIT_RESET 0x00000000u

/* ---- TR_SLA */
#define KMU_TR_SLA_ADDR 0x2220u              /* Elastic: the user-facing SLA in cycles (sla_i of kmu_elastic). */
#define KMU_TR_SLA_RESET 0x00000000u
#define KMU_TR_SLA_MASK 0xFFFFFFFFu
#define KMU_TR_SLA_RD 1u
#define KMU_TR_SLA_WR 1u
#define KMU_TR_SLA_VALUE_SHIFT 0u            /* RW: value */
#define KMU_TR_SLA_VALUE_WIDTH 32u
#define KMU_TR_SLA_VALUE_MASK 0xFFFFFFFFu
#define KMU_TR_SLA_VALUE_RESET 0x00000000u

/* ---- TR_PERIOD */
#define KMU_TR_PERIOD_ADDR 0x2224u           /* Elastic: recompute U every TR_PERIOD cycles, 0: only at completions (period_i of kmu_elastic). */
#define KMU_TR_PERIOD_RESET 0x00000000u
#define KMU_TR_PERIOD_MASK 0xFFFFFFFFu
#define KMU_TR_PERIOD_RD 1u
#define KMU_TR_PERIOD_WR 1u
#define KMU_TR_PERIOD_VALUE_SHIFT 0u         /* RW: value */
#define KMU_TR_PERIOD_VALUE_WIDTH 32u
#define KMU_TR_PERIOD_VALUE_MASK 0xFFFFFFFFu
#define KMU_TR_PERIOD_VALUE_RESET 0x00000000u

/* ---- TR_ELASTIC */
#define KMU_TR_ELASTIC_ADDR 0x2228u          /* Elastic's answer (live). */
#define KMU_TR_ELASTIC_RESET 0x00000000u
#define KMU_TR_ELASTIC_MASK 0x00FF00FFu
#define KMU_TR_ELASTIC_RD 1u
#define KMU_TR_ELASTIC_WR 0u
#define KMU_TR_ELASTIC_U_SHIFT 0u            /* RO: U: SMs the user-facing kernels need (0..NSM) */
#define KMU_TR_ELASTIC_U_WIDTH 8u
#define KMU_TR_ELASTIC_U_MASK 0x000000FFu
#define KMU_TR_ELASTIC_U_RESET 0x00000000u
#define KMU_TR_ELASTIC_Q_SHIFT 16u           /* RO: q: outstanding user-facing kernels */
#define KMU_TR_ELASTIC_Q_WIDTH 8u
#define KMU_TR_ELASTIC_Q_MASK 0x00FF0000u
#define KMU_TR_ELASTIC_Q_RESET 0x00000000u

/* ---- TR_LE */
#define KMU_TR_LE_ADDR 0x222Cu               /* Elastic's average user-facing execution time (live). */
#define KMU_TR_LE_RESET 0x00000000u
#define KMU_TR_LE_MASK 0xFFFFFFFFu
#define KMU_TR_LE_RD 1u
#define KMU_TR_LE_WR 0u
#define KMU_TR_LE_LE_SHIFT 0u                /* RO: l_e in cycles */
#define KMU_TR_LE_LE_WIDTH 32u
#define KMU_TR_LE_LE_MASK 0xFFFFFFFFu
#define KMU_TR_LE_LE_RESET 0x00000000u

/* ---- ERR_CNT_TREM */
#define KMU_ERR_CNT_TREM_ADDR 0x2230u        /* Revoke requests that completed with a status other than OK. */
#define KMU_ERR_CNT_TREM_RESET 0x00000000u
#define KMU_ERR_CNT_TREM_MASK 0x0000FFFFu
#define KMU_ERR_CNT_TREM_RD 1u
#define KMU_ERR_CNT_TREM_WR 1u
#define KMU_ERR_CNT_TREM_COUNT_SHIFT 0u      /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_ERR_CNT_TREM_COUNT_WIDTH 16u
#define KMU_ERR_CNT_TREM_COUNT_MASK 0x0000FFFFu
#define KMU_ERR_CNT_TREM_COUNT_RESET 0x00000000u

/* ---- PERF_REVOKES */
#define KMU_PERF_REVOKES_ADDR 0x2234u        /* Revocations done (status OK, replay or retire). */
#define KMU_PERF_REVOKES_RESET 0x00000000u
#define KMU_PERF_REVOKES_MASK 0x0000FFFFu
#define KMU_PERF_REVOKES_RD 1u
#define KMU_PERF_REVOKES_WR 1u
#define KMU_PERF_REVOKES_COUNT_SHIFT 0u      /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_PERF_REVOKES_COUNT_WIDTH 16u
#define KMU_PERF_REVOKES_COUNT_MASK 0x0000FFFFu
#define KMU_PERF_REVOKES_COUNT_RESET 0x00000000u

/* ---- TR_LAST_LID */
#define KMU_TR_LAST_LID_ADDR 0x2238u         /* Launch ids (live): kernels are numbered in the order kmu_kmu accepts them, event and host, from 0 after reset (wrapping). */
#define KMU_TR_LAST_LID_RESET 0x00000000u
#define KMU_TR_LAST_LID_MASK 0x0000FFFFu
#define KMU_TR_LAST_LID_RD 1u
#define KMU_TR_LAST_LID_WR 0u
#define KMU_TR_LAST_LID_LID_SHIFT 0u         /* RO: the launch id of the last host kernel kmu_kmu accepted */
#define KMU_TR_LAST_LID_LID_WIDTH 16u
#define KMU_TR_LAST_LID_LID_MASK 0x0000FFFFu
#define KMU_TR_LAST_LID_LID_RESET 0x00000000u

/* ---- TR_AUTO */
#define KMU_TR_AUTO_ADDR 0x223Cu             /* The TReM policy's automatic requests (kmu_trem_policy, live, saturating): their completions never reach TR_RESULT or the counters above. */
#define KMU_TR_AUTO_RESET 0x00000000u
#define KMU_TR_AUTO_MASK 0xFFFFFFFFu
#define KMU_TR_AUTO_RD 1u
#define KMU_TR_AUTO_WR 0u
#define KMU_TR_AUTO_REQS_SHIFT 0u            /* RO: automatic requests kmu_revoke took */
#define KMU_TR_AUTO_REQS_WIDTH 16u
#define KMU_TR_AUTO_REQS_MASK 0x0000FFFFu
#define KMU_TR_AUTO_REQS_RESET 0x00000000u
#define KMU_TR_AUTO_OK_SHIFT 16u             /* RO: automatic revocations done (status OK) */
#define KMU_TR_AUTO_OK_WIDTH 16u
#define KMU_TR_AUTO_OK_MASK 0xFFFF0000u
#define KMU_TR_AUTO_OK_RESET 0x00000000u

/* ---- TR_AUTO_NV */
#define KMU_TR_AUTO_NV_ADDR 0x2240u          /* The TReM policy's automatic requests that found no victim (status NO_VICTIM: no running batch kernel the guard allows; kmu_trem_policy, live, saturating). */
#define KMU_TR_AUTO_NV_RESET 0x00000000u
#define KMU_TR_AUTO_NV_MASK 0x0000FFFFu
#define KMU_TR_AUTO_NV_RD 1u
#define KMU_TR_AUTO_NV_WR 0u
#define KMU_TR_AUTO_NV_NO_VICTIM_SHIFT 0u    /* RO: automatic requests answered NO_VICTIM */
#define KMU_TR_AUTO_NV_NO_VICTIM_WIDTH 16u
#define KMU_TR_AUTO_NV_NO_VICTIM_MASK 0x0000FFFFu
#define KMU_TR_AUTO_NV_NO_VICTIM_RESET 0x00000000u

/* ---- COPY_SRC */
#define KMU_COPY_SRC_ADDR 0x2300u            /* Source byte address (host memory for host-to-device, device memory for device-to-host); a multiple of 4. */
#define KMU_COPY_SRC_RESET 0x00000000u
#define KMU_COPY_SRC_MASK 0xFFFFFFFFu
#define KMU_COPY_SRC_RD 1u
#define KMU_COPY_SRC_WR 1u
#define KMU_COPY_SRC_VALUE_SHIFT 0u          /* RW: value */
#define KMU_COPY_SRC_VALUE_WIDTH 32u
#define KMU_COPY_SRC_VALUE_MASK 0xFFFFFFFFu
#define KMU_COPY_SRC_VALUE_RESET 0x00000000u

/* ---- COPY_DST */
#define KMU_COPY_DST_ADDR 0x2304u            /* Destination byte address; a multiple of 4. */
#define KMU_COPY_DST_RESET 0x00000000u
#define KMU_COPY_DST_MASK 0xFFFFFFFFu
#define KMU_COPY_DST_RD 1u
#define KMU_COPY_DST_WR 1u
#define KMU_COPY_DST_VALUE_SHIFT 0u          /* RW: value */
#define KMU_COPY_DST_VALUE_WIDTH 32u
#define KMU_COPY_DST_VALUE_MASK 0xFFFFFFFFu
#define KMU_COPY_DST_VALUE_RESET 0x00000000u

/* ---- COPY_LEN */
#define KMU_COPY_LEN_ADDR 0x2308u            /* Bytes to copy: a multiple of 4, at least 4, below 2^LENW (COPY_CONFIG.LENW; LONG otherwise). */
#define KMU_COPY_LEN_RESET 0x00000000u
#define KMU_COPY_LEN_MASK 0xFFFFFFFFu
#define KMU_COPY_LEN_RD 1u
#define KMU_COPY_LEN_WR 1u
#define KMU_COPY_LEN_VALUE_SHIFT 0u          /* RW: value */
#define KMU_COPY_LEN_VALUE_WIDTH 32u
#define KMU_COPY_LEN_VALUE_MASK 0xFFFFFFFFu
#define KMU_COPY_LEN_VALUE_RESET 0x00000000u

/* ---- COPY_CTRL */
#define KMU_COPY_CTRL_ADDR 0x230Cu           /* Direction, priority and tag of the staged command. */
#define KMU_COPY_CTRL_RESET 0x00000000u
#define KMU_COPY_CTRL_MASK 0xFFFF0071u
#define KMU_COPY_CTRL_RD 1u
#define KMU_COPY_CTRL_WR 1u
#define KMU_COPY_CTRL_DIR_SHIFT 0u           /* RW: 0 host to device (reads the host link, writes device memory), 1 device to host */
#define KMU_COPY_CTRL_DIR_WIDTH 1u
#define KMU_COPY_CTRL_DIR_MASK 0x00000001u
#define KMU_COPY_CTRL_DIR_RESET 0x00000000u
#define KMU_COPY_CTRL_PRIO_SHIFT 4u          /* RW: priority, COPY_CONFIG.NPRIO-1 highest; PRIO refusal when >= COPY_CONFIG.NPRIO (by the window when it does not fit the engine's priority field, else by the engine) */
#define KMU_COPY_CTRL_PRIO_WIDTH 3u
#define KMU_COPY_CTRL_PRIO_MASK 0x00000070u
#define KMU_COPY_CTRL_PRIO_RESET 0x00000000u
#define KMU_COPY_CTRL_ID_SHIFT 16u           /* RW: tag returned in COPY_CPL.ID (bits IDW..15 are not implemented: read 0, writes ignored) */
#define KMU_COPY_CTRL_ID_WIDTH 16u
#define KMU_COPY_CTRL_ID_MASK 0xFFFF0000u
#define KMU_COPY_CTRL_ID_RESET 0x00000000u

/* ---- COPY_CHUNK */
#define KMU_COPY_CHUNK_ADDR 0x2310u          /* Chunk size, read by the engine at every chunk boundary (change it while COPY_STATUS.BUSY is 0 for chunks aligned to the copy's start). */
#define KMU_COPY_CHUNK_RESET 0x00000014u
#define KMU_COPY_CHUNK_MASK 0x0000001Fu
#define KMU_COPY_CHUNK_RD 1u
#define KMU_COPY_CHUNK_WR 1u
#define KMU_COPY_CHUNK_LOG2_SHIFT 0u         /* RW: chunk bytes = 2^max(LOG2, 2); a chunk at least the copy's size: no chunking. Reset 20: 1 MiB, RGEM's choice */
#define KMU_COPY_CHUNK_LOG2_WIDTH 5u
#define KMU_COPY_CHUNK_LOG2_MASK 0x0000001Fu
#define KMU_COPY_CHUNK_LOG2_RESET 0x00000014u

/* ---- COPY_GO */
#define KMU_COPY_GO_ADDR 0x2314u             /* Any write submits the staged command (a register stage in front of the engine). SLVERR, nothing submitted, while the stage it needs is occupied: for a command the engine can take, while the previous one is still staged (COPY_STATUS.CMD_PENDING); for a command the window refuses (LONG, PRIO beyond the engine's field), while the previous window refusal has not reached COPY_CPL. The bus never waits here: a waiting COPY_GO could block the COPY_CPL_POP the engine waits for. */
#define KMU_COPY_GO_RESET 0x00000000u
#define KMU_COPY_GO_MASK 0xFFFFFFFFu
#define KMU_COPY_GO_RD 0u
#define KMU_COPY_GO_WR 1u
#define KMU_COPY_GO_GO_SHIFT 0u              /* WO: ignored */
#define KMU_COPY_GO_GO_WIDTH 32u
#define KMU_COPY_GO_GO_MASK 0xFFFFFFFFu
#define KMU_COPY_GO_GO_RESET 0x00000000u

/* ---- COPY_CPL */
#define KMU_COPY_CPL_ADDR 0x2318u            /* A completion not yet popped (one register; further completions wait, in the engine or as a window refusal, until COPY_CPL_POP frees it). Engine completions keep their order; a window refusal may pass an engine refusal still held in the engine. */
#define KMU_COPY_CPL_RESET 0x00000000u
#define KMU_COPY_CPL_MASK 0x8007FFFFu
#define KMU_COPY_CPL_RD 1u
#define KMU_COPY_CPL_WR 0u
#define KMU_COPY_CPL_ID_SHIFT 0u             /* RO: the command's COPY_CTRL.ID */
#define KMU_COPY_CPL_ID_WIDTH 16u
#define KMU_COPY_CPL_ID_MASK 0x0000FFFFu
#define KMU_COPY_CPL_ID_RESET 0x00000000u
#define KMU_COPY_CPL_STATUS_SHIFT 16u        /* RO: OK or the refusal code */
#define KMU_COPY_CPL_STATUS_WIDTH 3u
#define KMU_COPY_CPL_STATUS_MASK 0x00070000u
#define KMU_COPY_CPL_STATUS_RESET 0x00000000u
#define KMU_COPY_CPL_VALID_SHIFT 31u         /* RO: a completion is here */
#define KMU_COPY_CPL_VALID_WIDTH 1u
#define KMU_COPY_CPL_VALID_MASK 0x80000000u
#define KMU_COPY_CPL_VALID_RESET 0x00000000u

/* ---- COPY_CPL_POP */
#define KMU_COPY_CPL_POP_ADDR 0x231Cu        /* Any write frees COPY_CPL for the next completion (no effect while COPY_CPL.VALID is 0). */
#define KMU_COPY_CPL_POP_RESET 0x00000000u
#define KMU_COPY_CPL_POP_MASK 0xFFFFFFFFu
#define KMU_COPY_CPL_POP_RD 0u
#define KMU_COPY_CPL_POP_WR 1u
#define KMU_COPY_CPL_POP_POP_SHIFT 0u        /* WO: ignored */
#define KMU_COPY_CPL_POP_POP_WIDTH 32u
#define KMU_COPY_CPL_POP_POP_MASK 0xFFFFFFFFu
#define KMU_COPY_CPL_POP_POP_RESET 0x00000000u

/* ---- COPY_STATUS */
#define KMU_COPY_STATUS_ADDR 0x2320u         /* Copy status (live). */
#define KMU_COPY_STATUS_RESET 0x00000000u
#define KMU_COPY_STATUS_MASK 0x00000073u
#define KMU_COPY_STATUS_RD 1u
#define KMU_COPY_STATUS_WR 0u
#define KMU_COPY_STATUS_BUSY_SHIFT 0u        /* RO: a submitted command has not yet reached COPY_CPL (staged, queued, copying or its completion held) */
#define KMU_COPY_STATUS_BUSY_WIDTH 1u
#define KMU_COPY_STATUS_BUSY_MASK 0x00000001u
#define KMU_COPY_STATUS_BUSY_RESET 0x00000000u
#define KMU_COPY_STATUS_CMD_PENDING_SHIFT 1u /* RO: the submitted command waits in the register stage for the engine */
#define KMU_COPY_STATUS_CMD_PENDING_WIDTH 1u
#define KMU_COPY_STATUS_CMD_PENDING_MASK 0x00000002u
#define KMU_COPY_STATUS_CMD_PENDING_RESET 0x00000000u
#define KMU_COPY_STATUS_LAST_ERR_SHIFT 4u    /* RO: the last refusal's code (OK: none since reset) */
#define KMU_COPY_STATUS_LAST_ERR_WIDTH 3u
#define KMU_COPY_STATUS_LAST_ERR_MASK 0x00000070u
#define KMU_COPY_STATUS_LAST_ERR_RESET 0x00000000u

/* ---- COPY_ERR_CNT */
#define KMU_COPY_ERR_CNT_ADDR 0x2324u        /* Refused copy commands (completions with STATUS != OK, counted as they reach COPY_CPL). */
#define KMU_COPY_ERR_CNT_RESET 0x00000000u
#define KMU_COPY_ERR_CNT_MASK 0x0000FFFFu
#define KMU_COPY_ERR_CNT_RD 1u
#define KMU_COPY_ERR_CNT_WR 1u
#define KMU_COPY_ERR_CNT_COUNT_SHIFT 0u      /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_COPY_ERR_CNT_COUNT_WIDTH 16u
#define KMU_COPY_ERR_CNT_COUNT_MASK 0x0000FFFFu
#define KMU_COPY_ERR_CNT_COUNT_RESET 0x00000000u

/* ---- COPY_IRQ */
#define KMU_COPY_IRQ_ADDR 0x2328u            /* Copy interrupt enable. */
#define KMU_COPY_IRQ_RESET 0x00000000u
#define KMU_COPY_IRQ_MASK 0x00000001u
#define KMU_COPY_IRQ_RD 1u
#define KMU_COPY_IRQ_WR 1u
#define KMU_COPY_IRQ_EN_SHIFT 0u             /* RW: raise irq_o while COPY_CPL.VALID is 1 */
#define KMU_COPY_IRQ_EN_WIDTH 1u
#define KMU_COPY_IRQ_EN_MASK 0x00000001u
#define KMU_COPY_IRQ_EN_RESET 0x00000000u

/* ---- PERF_COPIES */
#define KMU_PERF_COPIES_ADDR 0x232Cu         /* Copies done (completions with STATUS OK, counted as they reach COPY_CPL). */
#define KMU_PERF_COPIES_RESET 0x00000000u
#define KMU_PERF_COPIES_MASK 0x0000FFFFu
#define KMU_PERF_COPIES_RD 1u
#define KMU_PERF_COPIES_WR 1u
#define KMU_PERF_COPIES_COUNT_SHIFT 0u       /* RW (write clears): saturating count, zero-extended; any write clears it (an event in the clearing cycle still counts) */
#define KMU_PERF_COPIES_COUNT_WIDTH 16u
#define KMU_PERF_COPIES_COUNT_MASK 0x0000FFFFu
#define KMU_PERF_COPIES_COUNT_RESET 0x00000000u

/* ---- COPY_CONFIG */
#define KMU_COPY_CONFIG_ADDR 0x2330u         /* Copy engine build parameters. */
#define KMU_COPY_CONFIG_RESET 0x00040C02u
#define KMU_COPY_CONFIG_MASK 0x001F1F0Fu
#define KMU_COPY_CONFIG_RD 1u
#define KMU_COPY_CONFIG_WR 0u
#define KMU_COPY_CONFIG_NPRIO_SHIFT 0u       /* RO: priority levels */
#define KMU_COPY_CONFIG_NPRIO_WIDTH 4u
#define KMU_COPY_CONFIG_NPRIO_MASK 0x0000000Fu
#define KMU_COPY_CONFIG_NPRIO_RESET 0x00000002u
#define KMU_COPY_CONFIG_LENW_SHIFT 8u        /* RO: byte-count bits: copies up to 2^LENW - 4 bytes */
#define KMU_COPY_CONFIG_LENW_WIDTH 5u
#define KMU_COPY_CONFIG_LENW_MASK 0x00001F00u
#define KMU_COPY_CONFIG_LENW_RESET 0x0000000Cu
#define KMU_COPY_CONFIG_IDW_SHIFT 16u        /* RO: tag bits */
#define KMU_COPY_CONFIG_IDW_WIDTH 5u
#define KMU_COPY_CONFIG_IDW_MASK 0x001F0000u
#define KMU_COPY_CONFIG_IDW_RESET 0x00000004u

/* ---- YIELD_SIGNAL */
#define KMU_YIELD_SIGNAL_ADDR 0x2400u        /* A write signals a write to the flag at ADDR: every thread block waiting on ADDR's 32-bit word (ADDR[31:2]) is woken, as for a write seen on the memory port; one the cycle after the write is accepted (a register, sw_valid_i of kmu_yield_mon for exactly one cycle). A word nobody waits on: nothing happens (not counted). Reads: SLVERR. */
#define KMU_YIELD_SIGNAL_RESET 0x00000000u
#define KMU_YIELD_SIGNAL_MASK 0xFFFFFFFFu
#define KMU_YIELD_SIGNAL_RD 0u
#define KMU_YIELD_SIGNAL_WR 1u
#define KMU_YIELD_SIGNAL_ADDR_SHIFT 0u       /* WO: byte address of the flag just written (bits 1:0 ignored) */
#define KMU_YIELD_SIGNAL_ADDR_WIDTH 32u
#define KMU_YIELD_SIGNAL_ADDR_MASK 0xFFFFFFFFu
#define KMU_YIELD_SIGNAL_ADDR_RESET 0x00000000u

/* ---- YIELD_TAKE */
#define KMU_YIELD_TAKE_ADDR 0x2404u          /* Yields taken: a watch entry holds the thread block (answer TAKEN). */
#define KMU_YIELD_TAKE_RESET 0x00000000u
#define KMU_YIELD_TAKE_MASK 0x0000FFFFu
#define KMU_YIELD_TAKE_RD 1u
#define KMU_YIELD_TAKE_WR 0u
#define KMU_YIELD_TAKE_COUNT_SHIFT 0u        /* RO: saturating count, zero-extended, read live from the block that counts (writes: SLVERR) */
#define KMU_YIELD_TAKE_COUNT_WIDTH 16u
#define KMU_YIELD_TAKE_COUNT_MASK 0x0000FFFFu
#define KMU_YIELD_TAKE_COUNT_RESET 0x00000000u

/* ---- YIELD_SPIN */
#define KMU_YIELD_SPIN_ADDR 0x2408u          /* yield(0) taken: a polite spin, re-enqueued at the tail (answer SPIN). */
#define KMU_YIELD_SPIN_RESET 0x00000000u
#define KMU_YIELD_SPIN_MASK 0x0000FFFFu
#define KMU_YIELD_SPIN_RD 1u
#define KMU_YIELD_SPIN_WR 0u
#define KMU_YIELD_SPIN_COUNT_SHIFT 0u        /* RO: saturating count, zero-extended, read live from the block that counts (writes: SLVERR) */
#define KMU_YIELD_SPIN_COUNT_WIDTH 16u
#define KMU_YIELD_SPIN_COUNT_MASK 0x0000FFFFu
#define KMU_YIELD_SPIN_COUNT_RESET 0x00000000u

/* ---- YIELD_FULL */
#define KMU_YIELD_FULL_ADDR 0x240Cu          /* Yields refused: every watch entry in use (answer FULL; the thread block goes on). */
#define KMU_YIELD_FULL_RESET 0x00000000u
#define KMU_YIELD_FULL_MASK 0x0000FFFFu
#define KMU_YIELD_FULL_RD 1u
#define KMU_YIELD_FULL_WR 0u
#define KMU_YIELD_FULL_COUNT_SHIFT 0u        /* RO: saturating count, zero-extended, read live from the block that counts (writes: SLVERR) */
#define KMU_YIELD_FULL_COUNT_WIDTH 16u
#define KMU_YIELD_FULL_COUNT_MASK 0x0000FFFFu
#define KMU_YIELD_FULL_COUNT_RESET 0x00000000u

/* ---- YIELD_NOWORK */
#define KMU_YIELD_NOWORK_ADDR 0x2410u        /* Yields refused: no other work waits for the SM (answer NOWORK; the thread block goes on). */
#define KMU_YIELD_NOWORK_RESET 0x00000000u
#define KMU_YIELD_NOWORK_MASK 0x0000FFFFu
#define KMU_YIELD_NOWORK_RD 1u
#define KMU_YIELD_NOWORK_WR 0u
#define KMU_YIELD_NOWORK_COUNT_SHIFT 0u      /* RO: saturating count, zero-extended, read live from the block that counts (writes: SLVERR) */
#define KMU_YIELD_NOWORK_COUNT_WIDTH 16u
#define KMU_YIELD_NOWORK_COUNT_MASK 0x0000FFFFu
#define KMU_YIELD_NOWORK_COUNT_RESET 0x00000000u

/* ---- YIELD_WAKE */
#define KMU_YIELD_WAKE_ADDR 0x2414u          /* Woken thread blocks handed to their SM (head of the queue). */
#define KMU_YIELD_WAKE_RESET 0x00000000u
#define KMU_YIELD_WAKE_MASK 0x0000FFFFu
#define KMU_YIELD_WAKE_RD 1u
#define KMU_YIELD_WAKE_WR 0u
#define KMU_YIELD_WAKE_COUNT_SHIFT 0u        /* RO: saturating count, zero-extended, read live from the block that counts (writes: SLVERR) */
#define KMU_YIELD_WAKE_COUNT_WIDTH 16u
#define KMU_YIELD_WAKE_COUNT_MASK 0x0000FFFFu
#define KMU_YIELD_WAKE_COUNT_RESET 0x00000000u

/* ---- YIELD_ERR */
#define KMU_YIELD_ERR_ADDR 0x2418u           /* Cycles with a save done from an SM with no yield in its save (a refused input of kmu_yield_mon). */
#define KMU_YIELD_ERR_RESET 0x00000000u
#define KMU_YIELD_ERR_MASK 0x0000FFFFu
#define KMU_YIELD_ERR_RD 1u
#define KMU_YIELD_ERR_WR 0u
#define KMU_YIELD_ERR_COUNT_SHIFT 0u         /* RO: saturating count, zero-extended, read live from the block that counts (writes: SLVERR) */
#define KMU_YIELD_ERR_COUNT_WIDTH 16u
#define KMU_YIELD_ERR_COUNT_MASK 0x0000FFFFu
#define KMU_YIELD_ERR_COUNT_RESET 0x00000000u

/* ---- YIELD_CTRL */
#define KMU_YIELD_CTRL_ADDR 0x241Cu          /* Yield re-enqueue policy (kmu_gpu's wake glue, docs/blocks/kmu_gpu.md section Yield). Read by the glue every cycle: a change applies to the next wake and to the TBs already parked. */
#define KMU_YIELD_CTRL_RESET 0x00000000u
#define KMU_YIELD_CTRL_MASK 0x000000F1u
#define KMU_YIELD_CTRL_RD 1u
#define KMU_YIELD_CTRL_WR 1u
#define KMU_YIELD_CTRL_TAIL_SHIFT 0u         /* RW: 1: a woken thread block is re-enqueued at the tail, as a yield(0) spin is: parked until the dispatcher holds no TB that may start on its SM (the paper's software prototype, GPUpIO Fig. 12-15); 0: at the head (restored before any new TB of its SM) */
#define KMU_YIELD_CTRL_TAIL_WIDTH 1u
#define KMU_YIELD_CTRL_TAIL_MASK 0x00000001u
#define KMU_YIELD_CTRL_TAIL_RESET 0x00000000u
#define KMU_YIELD_CTRL_MAXWAIT_SHIFT 4u      /* RW: bound on a parked thread block's wait (a spin, or a tail wake): 0 unbounded (it waits while new work for its SM keeps arriving); k = 1..15: handed to its SM more than 8 * 2^k and at most 16 * 2^k + 1 cycles after the wake that parked it (one cycle more per head wake to that SM meanwhile), whatever work waits */
#define KMU_YIELD_CTRL_MAXWAIT_WIDTH 4u
#define KMU_YIELD_CTRL_MAXWAIT_MASK 0x000000F0u
#define KMU_YIELD_CTRL_MAXWAIT_RESET 0x00000000u

/* ---- YIELD_WKERR */
#define KMU_YIELD_WKERR_ADDR 0x2420u         /* Cycles in which an SM refused a wake (kmu_sm's wk_err_o): the woken thread block is no longer in its SM's preempted table, as when a TReM revocation dropped its kernel while it slept (the watch entry outlives the drop). Nothing is restored; two SMs refusing in one cycle count once. kmu_gpu's counter, read live (saturating, not clearable). */
#define KMU_YIELD_WKERR_RESET 0x00000000u
#define KMU_YIELD_WKERR_MASK 0x0000FFFFu
#define KMU_YIELD_WKERR_RD 1u
#define KMU_YIELD_WKERR_WR 0u
#define KMU_YIELD_WKERR_COUNT_SHIFT 0u       /* RO: saturating count, zero-extended, read live from the block that counts (writes: SLVERR) */
#define KMU_YIELD_WKERR_COUNT_WIDTH 16u
#define KMU_YIELD_WKERR_COUNT_MASK 0x0000FFFFu
#define KMU_YIELD_WKERR_COUNT_RESET 0x00000000u

/* ---- codes copy_st_e */
#define KMU_COPY_ST_W 3u                     /* bits of copy_st_e (used by COPY_CPL.STATUS, COPY_STATUS.LAST_ERR) */
#define KMU_COPY_ST_OK 0u                    /* the copy is done (its last write was accepted) */
#define KMU_COPY_ST_ZERO 1u                  /* refused: zero bytes */
#define KMU_COPY_ST_ALIGN 2u                 /* refused: source, destination or bytes not a multiple of 4 (the beat) */
#define KMU_COPY_ST_WRAP 3u                  /* refused: source + bytes or destination + bytes beyond 2^32 */
#define KMU_COPY_ST_PRIO 4u                  /* refused: priority >= the engine's priority levels */
#define KMU_COPY_ST_FULL 5u                  /* refused: that priority's queue is full */
#define KMU_COPY_ST_LONG 6u                  /* refused by the copy window: bytes >= 2^LENW (the engine's byte-count width) */

/* ---- codes ctx_op_e */
#define KMU_CTX_OP_W 2u                      /* bits of ctx_op_e (used by wires, exported by kmu_ctx_op_codes) */
#define KMU_CTX_OP_SAVE_ALL 0u               /* save every live register and the shared memory */
#define KMU_CTX_OP_SAVE_DIRTY 1u             /* save the registers written since the last checkpoint */
#define KMU_CTX_OP_RESTORE 2u                /* restore a saved context */

/* ---- codes db_cause_e */
#define KMU_DB_CAUSE_W 2u                    /* bits of db_cause_e (used by ERR_DB_INFO.CAUSE) */
#define KMU_DB_CAUSE_NONE 0u                 /* no doorbell refused since reset */
#define KMU_DB_CAUSE_UNKNOWN 1u              /* doorbell index >= EKT entries */
#define KMU_DB_CAUSE_UNREGISTERED 2u         /* doorbell of an unregistered entry */
#define KMU_DB_CAUSE_INFLIGHT 3u             /* in-flight limit reached */

/* ---- codes launch_err_e */
#define KMU_LAUNCH_ERR_W 2u                  /* bits of launch_err_e (used by wires, exported by kmu_launch_err_codes) */
#define KMU_LAUNCH_ERR_OK 0u                 /* launched */
#define KMU_LAUNCH_ERR_UNREGISTERED 1u       /* doorbell of an unregistered entry */
#define KMU_LAUNCH_ERR_INFLIGHT 2u           /* in-flight count already at max in-flight */

/* ---- codes pol_e */
#define KMU_POL_W 2u                         /* bits of pol_e (used by PRE_CTRL.POLICY) */
#define KMU_POL_DRAIN 0u                     /* no preemption: a preempted TB runs to completion */
#define KMU_POL_CHIMERA 1u                   /* Chimera: switch (save every register) or drain by estimated cost */
#define KMU_POL_CHIMERA_DIRTY 2u             /* Chimera with a dirty-only save */
#define KMU_POL_PEP 3u                       /* PEP: launch-hint prediction, base + incremental checkpoints */

/* ---- codes reg_code_e */
#define KMU_REG_CODE_W 3u                    /* bits of reg_code_e (used by REG_RESULT.CODE) */
#define KMU_REG_CODE_OK 0u                   /* registered */
#define KMU_REG_CODE_FULL 1u                 /* no free EKT entry */
#define KMU_REG_CODE_ESIZE_ZERO 2u           /* parameter entry size is 0 */
#define KMU_REG_CODE_MISALIGNED 3u           /* base, end or entry size not a multiple of 4 */
#define KMU_REG_CODE_BAD_RANGE 4u            /* end <= base */
#define KMU_REG_CODE_BAD_LENGTH 5u           /* (end - base) not a multiple of the entry size */
#define KMU_REG_CODE_BAD_KERNEL 6u           /* a zero grid or TB dimension, or max in-flight 0 */

/* ---- codes trem_kind_e */
#define KMU_TREM_KIND_W 2u                   /* bits of trem_kind_e (used by TR_CMD.KIND) */
#define KMU_TREM_KIND_TAG 0u                 /* revoke the kernel of this kernel tag (completion-table entry) */
#define KMU_TREM_KIND_LID 1u                 /* revoke the kernel of this launch id */
#define KMU_TREM_KIND_ROOM 2u                /* make room for class user (Priority): the hardware revokes the batch kernel that started most recently */
#define KMU_TREM_KIND_ROOM_EL 3u             /* make room (Elastic): as ROOM, but a victim whose estimated remaining time is below TR_COST is left running (NEAR_DONE) */

/* ---- codes trem_pol_e */
#define KMU_TREM_POL_W 2u                    /* bits of trem_pol_e (used by TR_CTRL.POLICY) */
#define KMU_TREM_POL_OFF 0u                  /* no automatic revocation: only TR_CMD requests */
#define KMU_TREM_POL_PRIORITY 1u             /* Priority: a user-facing kernel that finds no room revokes a batch kernel (ROOM) */
#define KMU_TREM_POL_ELASTIC 2u              /* Elastic: U = ceil(l_e * q / SLA) SMs for user-facing work; revoke (ROOM_EL) when user-facing work holds fewer */

/* ---- codes trem_status_e */
#define KMU_TREM_STATUS_W 3u                 /* bits of trem_status_e (used by TR_RESULT.STATUS) */
#define KMU_TREM_STATUS_OK 0u                /* revoked: replayed or retired as asked */
#define KMU_TREM_STATUS_UNKNOWN 1u           /* no such kernel: tag >= CT or never used, or no tag holds or held the launch id */
#define KMU_TREM_STATUS_FINISHED 2u          /* the kernel completed before the revocation took hold (nothing dropped) */
#define KMU_TREM_STATUS_REVOKED 3u           /* the kernel was already revoked (retired, or replayed and still pending) */
#define KMU_TREM_STATUS_GUARD 4u             /* starvation guard: its revocation count reached TR_THRESH, non-revocable */
#define KMU_TREM_STATUS_NO_VICTIM 5u         /* ROOM / ROOM_EL: no running batch kernel that the guard allows */
#define KMU_TREM_STATUS_NEAR_DONE 6u         /* ROOM_EL: the victim's estimated remaining time is below TR_COST, left running */

/* ---- codes unreg_code_e */
#define KMU_UNREG_CODE_W 2u                  /* bits of unreg_code_e (used by UNREG_RESULT.CODE) */
#define KMU_UNREG_CODE_OK 0u                 /* entry freed */
#define KMU_UNREG_CODE_NOT_REGISTERED 1u     /* no such registered entry */
#define KMU_UNREG_CODE_BUSY 2u               /* events in flight */

/* ---- codes victim_e */
#define KMU_VICTIM_W 2u                      /* bits of victim_e (used by PRE_CTRL.VPOL) */
#define KMU_VICTIM_OLDEST 0u                 /* the oldest fitting warp */
#define KMU_VICTIM_NEWEST 1u                 /* the newest fitting warp */
#define KMU_VICTIM_BEST 2u                   /* the fitting warp in the best state to flush */

/* ---- every register: X(name, address of element 0, elements, stride, RD, WR) */
#define KMU_REGMAP_REGS(X) \
  X(ID, KMU_ID_ADDR, 1u, 0u, KMU_ID_RD, KMU_ID_WR) \
  X(VERSION, KMU_VERSION_ADDR, 1u, 0u, KMU_VERSION_RD, KMU_VERSION_WR) \
  X(CONFIG, KMU_CONFIG_ADDR, 1u, 0u, KMU_CONFIG_RD, KMU_CONFIG_WR) \
  X(STATUS, KMU_STATUS_ADDR, 1u, 0u, KMU_STATUS_RD, KMU_STATUS_WR) \
  X(ERR_STATUS, KMU_ERR_STATUS_ADDR, 1u, 0u, KMU_ERR_STATUS_RD, KMU_ERR_STATUS_WR) \
  X(ERR_DB_INFO, KMU_ERR_DB_INFO_ADDR, 1u, 0u, KMU_ERR_DB_INFO_RD, KMU_ERR_DB_INFO_WR) \
  X(ERR_CNT_DB, KMU_ERR_CNT_DB_ADDR, 1u, 0u, KMU_ERR_CNT_DB_RD, KMU_ERR_CNT_DB_WR) \
  X(ERR_CNT_REG, KMU_ERR_CNT_REG_ADDR, 1u, 0u, KMU_ERR_CNT_REG_RD, KMU_ERR_CNT_REG_WR) \
  X(ERR_CNT_BUS, KMU_ERR_CNT_BUS_ADDR, 1u, 0u, KMU_ERR_CNT_BUS_RD, KMU_ERR_CNT_BUS_WR) \
  X(ERR_CNT_CPL, KMU_ERR_CNT_CPL_ADDR, 1u, 0u, KMU_ERR_CNT_CPL_RD, KMU_ERR_CNT_CPL_WR) \
  X(EKT_VALID, KMU_EKT_VALID_ADDR, 1u, 0u, KMU_EKT_VALID_RD, KMU_EKT_VALID_WR) \
  X(KERNEL_STATUS, KMU_KERNEL_STATUS_ADDR, 1u, 0u, KMU_KERNEL_STATUS_RD, KMU_KERNEL_STATUS_WR) \
  X(KMU_CTRL, KMU_KMU_CTRL_ADDR, 1u, 0u, KMU_KMU_CTRL_RD, KMU_KMU_CTRL_WR) \
  X(SM_RESERVE, KMU_SM_RESERVE_ADDR, 1u, 0u, KMU_SM_RESERVE_RD, KMU_SM_RESERVE_WR) \
  X(IRQ_ENABLE, KMU_IRQ_ENABLE_ADDR, 1u, 0u, KMU_IRQ_ENABLE_RD, KMU_IRQ_ENABLE_WR) \
  X(PERF_DOORBELLS, KMU_PERF_DOORBELLS_ADDR, 1u, 0u, KMU_PERF_DOORBELLS_RD, KMU_PERF_DOORBELLS_WR) \
  X(PERF_LAUNCHES, KMU_PERF_LAUNCHES_ADDR, 1u, 0u, KMU_PERF_LAUNCHES_RD, KMU_PERF_LAUNCHES_WR) \
  X(PERF_COMPLETIONS, KMU_PERF_COMPLETIONS_ADDR, 1u, 0u, KMU_PERF_COMPLETIONS_RD, KMU_PERF_COMPLETIONS_WR) \
  X(SCRATCH, KMU_SCRATCH_ADDR, 1u, 0u, KMU_SCRATCH_RD, KMU_SCRATCH_WR) \
  X(PERF_KERNELS, KMU_PERF_KERNELS_ADDR, 1u, 0u, KMU_PERF_KERNELS_RD, KMU_PERF_KERNELS_WR) \
  X(REG_KPTR, KMU_REG_KPTR_ADDR, 1u, 0u, KMU_REG_KPTR_RD, KMU_REG_KPTR_WR) \
  X(REG_GRID_XY, KMU_REG_GRID_XY_ADDR, 1u, 0u, KMU_REG_GRID_XY_RD, KMU_REG_GRID_XY_WR) \
  X(REG_GRID_Z, KMU_REG_GRID_Z_ADDR, 1u, 0u, KMU_REG_GRID_Z_RD, KMU_REG_GRID_Z_WR) \
  X(REG_TB_XY, KMU_REG_TB_XY_ADDR, 1u, 0u, KMU_REG_TB_XY_RD, KMU_REG_TB_XY_WR) \
  X(REG_TB_Z, KMU_REG_TB_Z_ADDR, 1u, 0u, KMU_REG_TB_Z_RD, KMU_REG_TB_Z_WR) \
  X(REG_RES, KMU_REG_RES_ADDR, 1u, 0u, KMU_REG_RES_RD, KMU_REG_RES_WR) \
  X(REG_PBASE, KMU_REG_PBASE_ADDR, 1u, 0u, KMU_REG_PBASE_RD, KMU_REG_PBASE_WR) \
  X(REG_PEND, KMU_REG_PEND_ADDR, 1u, 0u, KMU_REG_PEND_RD, KMU_REG_PEND_WR) \
  X(REG_PSIZE, KMU_REG_PSIZE_ADDR, 1u, 0u, KMU_REG_PSIZE_RD, KMU_REG_PSIZE_WR) \
  X(REG_CMD, KMU_REG_CMD_ADDR, 1u, 0u, KMU_REG_CMD_RD, KMU_REG_CMD_WR) \
  X(REG_RESULT, KMU_REG_RESULT_ADDR, 1u, 0u, KMU_REG_RESULT_RD, KMU_REG_RESULT_WR) \
  X(UNREG_CMD, KMU_UNREG_CMD_ADDR, 1u, 0u, KMU_UNREG_CMD_RD, KMU_UNREG_CMD_WR) \
  X(UNREG_RESULT, KMU_UNREG_RESULT_ADDR, 1u, 0u, KMU_UNREG_RESULT_RD, KMU_UNREG_RESULT_WR) \
  X(DOORBELL, KMU_DOORBELL_ADDR, KMU_DOORBELL_COUNT, KMU_DOORBELL_STRIDE, KMU_DOORBELL_RD, KMU_DOORBELL_WR) \
  X(HL_KPTR, KMU_HL_KPTR_ADDR, 1u, 0u, KMU_HL_KPTR_RD, KMU_HL_KPTR_WR) \
  X(HL_GRID_XY, KMU_HL_GRID_XY_ADDR, 1u, 0u, KMU_HL_GRID_XY_RD, KMU_HL_GRID_XY_WR) \
  X(HL_GRID_Z, KMU_HL_GRID_Z_ADDR, 1u, 0u, KMU_HL_GRID_Z_RD, KMU_HL_GRID_Z_WR) \
  X(HL_TB_XY, KMU_HL_TB_XY_ADDR, 1u, 0u, KMU_HL_TB_XY_RD, KMU_HL_TB_XY_WR) \
  X(HL_TB_Z, KMU_HL_TB_Z_ADDR, 1u, 0u, KMU_HL_TB_Z_RD, KMU_HL_TB_Z_WR) \
  X(HL_RES, KMU_HL_RES_ADDR, 1u, 0u, KMU_HL_RES_RD, KMU_HL_RES_WR) \
  X(HL_PARAM, KMU_HL_PARAM_ADDR, 1u, 0u, KMU_HL_PARAM_RD, KMU_HL_PARAM_WR) \
  X(HL_CPL_ADDR, KMU_HL_CPL_ADDR_ADDR, 1u, 0u, KMU_HL_CPL_ADDR_RD, KMU_HL_CPL_ADDR_WR) \
  X(HL_CMD, KMU_HL_CMD_ADDR, 1u, 0u, KMU_HL_CMD_RD, KMU_HL_CMD_WR) \
  X(HL_STATUS, KMU_HL_STATUS_ADDR, 1u, 0u, KMU_HL_STATUS_RD, KMU_HL_STATUS_WR) \
  X(HL_EST, KMU_HL_EST_ADDR, 1u, 0u, KMU_HL_EST_RD, KMU_HL_EST_WR) \
  X(PRE_CTRL, KMU_PRE_CTRL_ADDR, 1u, 0u, KMU_PRE_CTRL_RD, KMU_PRE_CTRL_WR) \
  X(PRE_CTX_BASE, KMU_PRE_CTX_BASE_ADDR, 1u, 0u, KMU_PRE_CTX_BASE_RD, KMU_PRE_CTX_BASE_WR) \
  X(PRE_DEADLINE, KMU_PRE_DEADLINE_ADDR, 1u, 0u, KMU_PRE_DEADLINE_RD, KMU_PRE_DEADLINE_WR) \
  X(PRE_BW, KMU_PRE_BW_ADDR, 1u, 0u, KMU_PRE_BW_RD, KMU_PRE_BW_WR) \
  X(PRE_HINT, KMU_PRE_HINT_ADDR, 1u, 0u, KMU_PRE_HINT_RD, KMU_PRE_HINT_WR) \
  X(PRE_STATUS, KMU_PRE_STATUS_ADDR, 1u, 0u, KMU_PRE_STATUS_RD, KMU_PRE_STATUS_WR) \
  X(PERF_PREEMPTS, KMU_PERF_PREEMPTS_ADDR, 1u, 0u, KMU_PERF_PREEMPTS_RD, KMU_PERF_PREEMPTS_WR) \
  X(PERF_WP, KMU_PERF_WP_ADDR, 1u, 0u, KMU_PERF_WP_RD, KMU_PERF_WP_WR) \
  X(PERF_CTX_SAVES, KMU_PERF_CTX_SAVES_ADDR, 1u, 0u, KMU_PERF_CTX_SAVES_RD, KMU_PERF_CTX_SAVES_WR) \
  X(TR_CMD, KMU_TR_CMD_ADDR, 1u, 0u, KMU_TR_CMD_RD, KMU_TR_CMD_WR) \
  X(TR_RESULT, KMU_TR_RESULT_ADDR, 1u, 0u, KMU_TR_RESULT_RD, KMU_TR_RESULT_WR) \
  X(TR_EVENTS, KMU_TR_EVENTS_ADDR, 1u, 0u, KMU_TR_EVENTS_RD, KMU_TR_EVENTS_WR) \
  X(TR_GUARD, KMU_TR_GUARD_ADDR, 1u, 0u, KMU_TR_GUARD_RD, KMU_TR_GUARD_WR) \
  X(TR_IRQ_EN, KMU_TR_IRQ_EN_ADDR, 1u, 0u, KMU_TR_IRQ_EN_RD, KMU_TR_IRQ_EN_WR) \
  X(TR_THRESH, KMU_TR_THRESH_ADDR, 1u, 0u, KMU_TR_THRESH_RD, KMU_TR_THRESH_WR) \
  X(TR_COST, KMU_TR_COST_ADDR, 1u, 0u, KMU_TR_COST_RD, KMU_TR_COST_WR) \
  X(TR_CTRL, KMU_TR_CTRL_ADDR, 1u, 0u, KMU_TR_CTRL_RD, KMU_TR_CTRL_WR) \
  X(TR_SLA, KMU_TR_SLA_ADDR, 1u, 0u, KMU_TR_SLA_RD, KMU_TR_SLA_WR) \
  X(TR_PERIOD, KMU_TR_PERIOD_ADDR, 1u, 0u, KMU_TR_PERIOD_RD, KMU_TR_PERIOD_WR) \
  X(TR_ELASTIC, KMU_TR_ELASTIC_ADDR, 1u, 0u, KMU_TR_ELASTIC_RD, KMU_TR_ELASTIC_WR) \
  X(TR_LE, KMU_TR_LE_ADDR, 1u, 0u, KMU_TR_LE_RD, KMU_TR_LE_WR) \
  X(ERR_CNT_TREM, KMU_ERR_CNT_TREM_ADDR, 1u, 0u, KMU_ERR_CNT_TREM_RD, KMU_ERR_CNT_TREM_WR) \
  X(PERF_REVOKES, KMU_PERF_REVOKES_ADDR, 1u, 0u, KMU_PERF_REVOKES_RD, KMU_PERF_REVOKES_WR) \
  X(TR_LAST_LID, KMU_TR_LAST_LID_ADDR, 1u, 0u, KMU_TR_LAST_LID_RD, KMU_TR_LAST_LID_WR) \
  X(TR_AUTO, KMU_TR_AUTO_ADDR, 1u, 0u, KMU_TR_AUTO_RD, KMU_TR_AUTO_WR) \
  X(TR_AUTO_NV, KMU_TR_AUTO_NV_ADDR, 1u, 0u, KMU_TR_AUTO_NV_RD, KMU_TR_AUTO_NV_WR) \
  X(COPY_SRC, KMU_COPY_SRC_ADDR, 1u, 0u, KMU_COPY_SRC_RD, KMU_COPY_SRC_WR) \
  X(COPY_DST, KMU_COPY_DST_ADDR, 1u, 0u, KMU_COPY_DST_RD, KMU_COPY_DST_WR) \
  X(COPY_LEN, KMU_COPY_LEN_ADDR, 1u, 0u, KMU_COPY_LEN_RD, KMU_COPY_LEN_WR) \
  X(COPY_CTRL, KMU_COPY_CTRL_ADDR, 1u, 0u, KMU_COPY_CTRL_RD, KMU_COPY_CTRL_WR) \
  X(COPY_CHUNK, KMU_COPY_CHUNK_ADDR, 1u, 0u, KMU_COPY_CHUNK_RD, KMU_COPY_CHUNK_WR) \
  X(COPY_GO, KMU_COPY_GO_ADDR, 1u, 0u, KMU_COPY_GO_RD, KMU_COPY_GO_WR) \
  X(COPY_CPL, KMU_COPY_CPL_ADDR, 1u, 0u, KMU_COPY_CPL_RD, KMU_COPY_CPL_WR) \
  X(COPY_CPL_POP, KMU_COPY_CPL_POP_ADDR, 1u, 0u, KMU_COPY_CPL_POP_RD, KMU_COPY_CPL_POP_WR) \
  X(COPY_STATUS, KMU_COPY_STATUS_ADDR, 1u, 0u, KMU_COPY_STATUS_RD, KMU_COPY_STATUS_WR) \
  X(COPY_ERR_CNT, KMU_COPY_ERR_CNT_ADDR, 1u, 0u, KMU_COPY_ERR_CNT_RD, KMU_COPY_ERR_CNT_WR) \
  X(COPY_IRQ, KMU_COPY_IRQ_ADDR, 1u, 0u, KMU_COPY_IRQ_RD, KMU_COPY_IRQ_WR) \
  X(PERF_COPIES, KMU_PERF_COPIES_ADDR, 1u, 0u, KMU_PERF_COPIES_RD, KMU_PERF_COPIES_WR) \
  X(COPY_CONFIG, KMU_COPY_CONFIG_ADDR, 1u, 0u, KMU_COPY_CONFIG_RD, KMU_COPY_CONFIG_WR) \
  X(YIELD_SIGNAL, KMU_YIELD_SIGNAL_ADDR, 1u, 0u, KMU_YIELD_SIGNAL_RD, KMU_YIELD_SIGNAL_WR) \
  X(YIELD_TAKE, KMU_YIELD_TAKE_ADDR, 1u, 0u, KMU_YIELD_TAKE_RD, KMU_YIELD_TAKE_WR) \
  X(YIELD_SPIN, KMU_YIELD_SPIN_ADDR, 1u, 0u, KMU_YIELD_SPIN_RD, KMU_YIELD_SPIN_WR) \
  X(YIELD_FULL, KMU_YIELD_FULL_ADDR, 1u, 0u, KMU_YIELD_FULL_RD, KMU_YIELD_FULL_WR) \
  X(YIELD_NOWORK, KMU_YIELD_NOWORK_ADDR, 1u, 0u, KMU_YIELD_NOWORK_RD, KMU_YIELD_NOWORK_WR) \
  X(YIELD_WAKE, KMU_YIELD_WAKE_ADDR, 1u, 0u, KMU_YIELD_WAKE_RD, KMU_YIELD_WAKE_WR) \
  X(YIELD_ERR, KMU_YIELD_ERR_ADDR, 1u, 0u, KMU_YIELD_ERR_RD, KMU_YIELD_ERR_WR) \
  X(YIELD_CTRL, KMU_YIELD_CTRL_ADDR, 1u, 0u, KMU_YIELD_CTRL_RD, KMU_YIELD_CTRL_WR) \
  X(YIELD_WKERR, KMU_YIELD_WKERR_ADDR, 1u, 0u, KMU_YIELD_WKERR_RD, KMU_YIELD_WKERR_WR) \
  /* end of KMU_REGMAP_REGS */

/* ---- every window: X(name, base, last address, reserved) */
#define KMU_REGMAP_WINDOWS(X) \
  X(CSR, KMU_WIN_CSR_BASE, KMU_WIN_CSR_LAST, KMU_WIN_CSR_RESERVED) \
  X(EKT_REG, KMU_WIN_EKT_REG_BASE, KMU_WIN_EKT_REG_LAST, KMU_WIN_EKT_REG_RESERVED) \
  X(DB, KMU_WIN_DB_BASE, KMU_WIN_DB_LAST, KMU_WIN_DB_RESERVED) \
  X(HOST_LAUNCH, KMU_WIN_HOST_LAUNCH_BASE, KMU_WIN_HOST_LAUNCH_LAST, KMU_WIN_HOST_LAUNCH_RESERVED) \
  X(PREEMPT, KMU_WIN_PREEMPT_BASE, KMU_WIN_PREEMPT_LAST, KMU_WIN_PREEMPT_RESERVED) \
  X(TREM, KMU_WIN_TREM_BASE, KMU_WIN_TREM_LAST, KMU_WIN_TREM_RESERVED) \
  X(COPY, KMU_WIN_COPY_BASE, KMU_WIN_COPY_LAST, KMU_WIN_COPY_RESERVED) \
  X(YIELD, KMU_WIN_YIELD_BASE, KMU_WIN_YIELD_LAST, KMU_WIN_YIELD_RESERVED) \
  /* end of KMU_REGMAP_WINDOWS */

#define KMU_COPY_ST_CODES(X) \
  X(OK, KMU_COPY_ST_OK) \
  X(ZERO, KMU_COPY_ST_ZERO) \
  X(ALIGN, KMU_COPY_ST_ALIGN) \
  X(WRAP, KMU_COPY_ST_WRAP) \
  X(PRIO, KMU_COPY_ST_PRIO) \
  X(FULL, KMU_COPY_ST_FULL) \
  X(LONG, KMU_COPY_ST_LONG) \
  /* end of KMU_COPY_ST_CODES */

#define KMU_CTX_OP_CODES(X) \
  X(SAVE_ALL, KMU_CTX_OP_SAVE_ALL) \
  X(SAVE_DIRTY, KMU_CTX_OP_SAVE_DIRTY) \
  X(RESTORE, KMU_CTX_OP_RESTORE) \
  /* end of KMU_CTX_OP_CODES */

#define KMU_DB_CAUSE_CODES(X) \
  X(NONE, KMU_DB_CAUSE_NONE) \
  X(UNKNOWN, KMU_DB_CAUSE_UNKNOWN) \
  X(UNREGISTERED, KMU_DB_CAUSE_UNREGISTERED) \
  X(INFLIGHT, KMU_DB_CAUSE_INFLIGHT) \
  /* end of KMU_DB_CAUSE_CODES */

#define KMU_LAUNCH_ERR_CODES(X) \
  X(OK, KMU_LAUNCH_ERR_OK) \
  X(UNREGISTERED, KMU_LAUNCH_ERR_UNREGISTERED) \
  X(INFLIGHT, KMU_LAUNCH_ERR_INFLIGHT) \
  /* end of KMU_LAUNCH_ERR_CODES */

#define KMU_POL_CODES(X) \
  X(DRAIN, KMU_POL_DRAIN) \
  X(CHIMERA, KMU_POL_CHIMERA) \
  X(CHIMERA_DIRTY, KMU_POL_CHIMERA_DIRTY) \
  X(PEP, KMU_POL_PEP) \
  /* end of KMU_POL_CODES */

#define KMU_REG_CODE_CODES(X) \
  X(OK, KMU_REG_CODE_OK) \
  X(FULL, KMU_REG_CODE_FULL) \
  X(ESIZE_ZERO, KMU_REG_CODE_ESIZE_ZERO) \
  X(MISALIGNED, KMU_REG_CODE_MISALIGNED) \
  X(BAD_RANGE, KMU_REG_CODE_BAD_RANGE) \
  X(BAD_LENGTH, KMU_REG_CODE_BAD_LENGTH) \
  X(BAD_KERNEL, KMU_REG_CODE_BAD_KERNEL) \
  /* end of KMU_REG_CODE_CODES */

#define KMU_TREM_KIND_CODES(X) \
  X(TAG, KMU_TREM_KIND_TAG) \
  X(LID, KMU_TREM_KIND_LID) \
  X(ROOM, KMU_TREM_KIND_ROOM) \
  X(ROOM_EL, KMU_TREM_KIND_ROOM_EL) \
  /* end of KMU_TREM_KIND_CODES */

#define KMU_TREM_POL_CODES(X) \
  X(OFF, KMU_TREM_POL_OFF) \
  X(PRIORITY, KMU_TREM_POL_PRIORITY) \
  X(ELASTIC, KMU_TREM_POL_ELASTIC) \
  /* end of KMU_TREM_POL_CODES */

#define KMU_TREM_STATUS_CODES(X) \
  X(OK, KMU_TREM_STATUS_OK) \
  X(UNKNOWN, KMU_TREM_STATUS_UNKNOWN) \
  X(FINISHED, KMU_TREM_STATUS_FINISHED) \
  X(REVOKED, KMU_TREM_STATUS_REVOKED) \
  X(GUARD, KMU_TREM_STATUS_GUARD) \
  X(NO_VICTIM, KMU_TREM_STATUS_NO_VICTIM) \
  X(NEAR_DONE, KMU_TREM_STATUS_NEAR_DONE) \
  /* end of KMU_TREM_STATUS_CODES */

#define KMU_UNREG_CODE_CODES(X) \
  X(OK, KMU_UNREG_CODE_OK) \
  X(NOT_REGISTERED, KMU_UNREG_CODE_NOT_REGISTERED) \
  X(BUSY, KMU_UNREG_CODE_BUSY) \
  /* end of KMU_UNREG_CODE_CODES */

#define KMU_VICTIM_CODES(X) \
  X(OLDEST, KMU_VICTIM_OLDEST) \
  X(NEWEST, KMU_VICTIM_NEWEST) \
  X(BEST, KMU_VICTIM_BEST) \
  /* end of KMU_VICTIM_CODES */

#endif

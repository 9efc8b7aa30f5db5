# kmu_uart_axil harnesses (the bridge with its kmu_uart_rx and kmu_uart_tx): a fast bit time for
# simulation (12 MHz / 1.5 Mbaud: 8 cycles per bit, 16-bit addresses, a 16-bit-time timeout) and
# a board's (25 MHz / 115200 baud, the ULX3S oscillator: 217 cycles per bit, 32-bit addresses,
# the default 32-bit-time timeout).
UART_AXIL_RTL := $(RTL_kmu_uart_axil)
UART_AXIL_C   := $(call rtl2c,$(RTL_kmu_uart_axil))
HARNESSES += kmu_uart_axil kmu_uart_axil_board
kmu_uart_axil_TOP          := kmu_uart_axil
kmu_uart_axil_RTL          := $(UART_AXIL_RTL)
kmu_uart_axil_PARAMS       := CLK_HZ=12000000 BAUD=1500000 AW=16 TO_BITS=16 VERSION=1
kmu_uart_axil_TEST         := tb/test_kmu_uart_axil.c
kmu_uart_axil_C            := $(UART_AXIL_C)
kmu_uart_axil_board_TOP    := kmu_uart_axil
kmu_uart_axil_board_RTL    := $(UART_AXIL_RTL)
kmu_uart_axil_board_PARAMS := CLK_HZ=25000000 BAUD=115200 AW=32 TO_BITS=32 VERSION=1
kmu_uart_axil_board_TEST   := tb/test_kmu_uart_axil.c
kmu_uart_axil_board_C      := $(UART_AXIL_C)
kmu_uart_axil_SYNTH_PARAMS := CLK_HZ=25000000 BAUD=115200 AW=16 TO_BITS=32 VERSION=1
# (make synth: the board bit time and the front end's 16-bit addresses)

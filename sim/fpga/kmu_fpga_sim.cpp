// kmu_fpga_sim - `make fpga-sim`: the Verilated board top kmu_board_top (kmu_uart_axil, kmu_gpu,
// on-chip memories, TB runners; fpga/kmu_board_top.v) with its UART pins bridged to a pseudo-terminal, so that kmuctl (or any
// serial program) talks to the RTL as it would to a board: bytes written to the terminal are
// serialised onto rx_i at the bridge's bit time, bytes on tx_o come back out of it.
// Built with KMU_FE_BOARD=1 it is kmu-fpga-fe-sim, the front-end board kmu_board_fe_top
// (kmu_uart_axil, kmu_frontend, the kernel stand-in kmu_fe_sink; fpga/kmu_board_fe_top.v):
// the same pins, Verilated with --prefix Vkmu_board_top so that this file serves both.
//
//   kmu-fpga-sim [--link PATH] [--max-idle S] [--fst F]
//     prints "pty: /dev/pts/N" (and makes PATH a symbolic link to it), then simulates until
//     SIGINT / SIGTERM, or S seconds without a byte either way (--max-idle; 0: never).
// While nothing is in flight (no byte on either pin, led_busy_o low - the bridge idle, no TB
// resident, no save or restore - for 4 bit times) the clock
// stops and the program sleeps in poll(): an idle simulator costs no CPU.  The clock and bit time are the
// build's parameters (P_CLK_HZ, P_BAUD; sim/fpga/fpga_sim.mk); the host side's baud setting is
// irrelevant on a pseudo-terminal.
#include <poll.h>
#include <signal.h>
#include <unistd.h>
#include <verilated.h>
#include <verilated_fst_c.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "Vkmu_board_top.h"
#include "uart_pty.h"

#if defined(KMU_FE_BOARD) && KMU_FE_BOARD
static const char *const top_name = "kmu_board_fe_top";
#else
static const char *const top_name = "kmu_board_top";
#endif

static volatile sig_atomic_t stop_flag = 0;
static void on_signal(int) { stop_flag = 1; }

int main(int argc, char **argv) {
  const char *link = nullptr, *fst = nullptr;
  double max_idle = 0;
  for (int a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "--link") && a + 1 < argc) link = argv[++a];
    else if (!strcmp(argv[a], "--max-idle") && a + 1 < argc) max_idle = atof(argv[++a]);
    else if (!strcmp(argv[a], "--fst") && a + 1 < argc) fst = argv[++a];
    else {
      fprintf(stderr, "usage: kmu-fpga-sim [--link PATH] [--max-idle S] [--fst F]\n");
      return 2;
    }
  }
  const unsigned div = (unsigned)((P_CLK_HZ + P_BAUD / 2) / P_BAUD);
  uart_pty pty;
  if (uart_pty_open(&pty)) return 1;
  if (link) {
    unlink(link);
    if (symlink(pty.path, link)) {
      fprintf(stderr, "kmu-fpga-sim: cannot link %s to %s: %s\n", link, pty.path, strerror(errno));
      return 1;
    }
  }
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  signal(SIGPIPE, SIG_IGN);

  VerilatedContext ctx;
  Vkmu_board_top top(&ctx);
  VerilatedFstC *tr = nullptr;
  if (fst) {
    ctx.traceEverOn(true);
    tr = new VerilatedFstC;
    top.trace(tr, 99);
    tr->open(fst);
  }
  uint64_t cyc = 0;
  top.rx_i = 1;
  top.clk_i = 0;
  top.rst_ni = 0;
  top.eval();
  for (int k = 0; k < 2; k++) {
    top.clk_i = 1;
    top.eval();
    top.clk_i = 0;
    top.eval();
  }
  top.rst_ni = 1;
  top.eval();

  printf("pty: %s\n", pty.path);
  printf("kmu-fpga-sim: %s at %u cycles per bit; try: kmuctl -d %s ping\n", top_name, div,
         link ? link : pty.path);
  fflush(stdout);

  uart_ser ser;
  uart_des des;
  uart_ser_init(&ser, div);
  uart_des_init(&des, div);
  unsigned char in[256];
  size_t in_n = 0, in_k = 0;
  uint64_t bytes_in = 0, bytes_out = 0;
  double idle_s = 0;
  uint64_t busy_at = 0;  // the last cycle with anything in flight
  bool err_seen = false;
  while (!stop_flag) {
    // Something is in flight while a byte is on either pin or the bridge is busy; the clock
    // keeps running for 4 bit times after that, because the bridge's receiver still holds a
    // byte between its stop bit leaving the serialiser and the protocol engine taking it.
    if (in_k < in_n || !uart_ser_idle(&ser) || !uart_des_idle(&des) || top.led_busy_o ||
        !top.tx_o)
      busy_at = cyc;
    const bool quiet = cyc - busy_at > 4ull * div;
    if (in_k == in_n && (quiet || (cyc & 63) == 0)) {
      // refill from the terminal: blocking (up to 100 ms) only while nothing is in flight
      struct pollfd p = {pty.master, POLLIN, 0};
      const int r = poll(&p, 1, quiet ? 100 : 0);
      if (r > 0 && (p.revents & POLLIN)) {
        const ssize_t n = read(pty.master, in, sizeof in);
        if (n > 0) in_n = (size_t)n, in_k = 0, idle_s = 0, bytes_in += (uint64_t)n;
      } else if (r == 0 && quiet) {
        idle_s += 0.1;
        if (max_idle > 0 && idle_s >= max_idle) {
          printf("kmu-fpga-sim: %.0f s without traffic, stopping\n", idle_s);
          break;
        }
        continue;  // the clock stays stopped while nothing happens
      }
    }
    if (uart_ser_idle(&ser) && in_k < in_n) uart_ser_load(&ser, in[in_k++]);
    top.rx_i = uart_ser_step(&ser);
    ctx.time(cyc * 10);
    top.clk_i = 1;
    top.eval();
    if (tr) tr->dump(cyc * 10 + 5);
    top.clk_i = 0;
    top.eval();
    cyc++;
    if (top.led_err_o && !err_seen) {
      // a refusal a correct system never produces (kmu_gpu hw_err_o) or a TB-runner error; on
      // the front-end board a stream contract violation seen by the kernel stand-in
      printf("kmu-fpga-sim: error LED on at cycle %llu\n", (unsigned long long)cyc);
      fflush(stdout);
      err_seen = true;
    }
    const int b = uart_des_step(&des, top.tx_o);
    if (b >= 0) {
      const unsigned char c = (unsigned char)b;
      if (write(pty.master, &c, 1) == 1) bytes_out++;
    }
  }
  printf("kmu-fpga-sim: %llu cycles, %llu bytes in, %llu bytes out\n", (unsigned long long)cyc,
         (unsigned long long)bytes_in, (unsigned long long)bytes_out);
  if (tr) {
    tr->close();
    delete tr;
  }
  top.final();
  if (link) unlink(link);
  uart_pty_close(&pty);
  return 0;
}

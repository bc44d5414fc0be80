#include <linux/bpf.h>
#include <bpf/bpf_helpers.h>
/* café ÿ */
static __always_inline int f(int x) { return x; }
SEC("xdp") int p(void *c) {
#pragma unroll
 for (int i = 0; i < 64; i++) f(i);
 return 0; }

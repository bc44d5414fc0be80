#define M(x) x
M(

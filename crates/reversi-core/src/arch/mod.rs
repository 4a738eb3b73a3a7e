//! The instruction sets, in one place (memchr's `arch/` is the model):
//! [`dispatch`] builds the hot loops once per x86-64 level and picks one at
//! run time; [`avx2`] holds the explicit AVX2 code of the x86-64-v3 backend,
//! [`avx512`] what AVX-512 adds for x86-64-v4. The rules themselves live in
//! [`kernel`](crate::kernel), portable; everything here computes exactly what
//! it computes, and the tests compare them.

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;
pub(crate) mod dispatch;

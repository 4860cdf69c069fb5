//! Running hot set arithmetic with the processor's own bit-counting instructions where it has
//! them: the portable build counts and scans the bits of a location set in software, which
//! costs a hot path (last-ply counting) a good part of its time.

/// Evaluates an expression compiled with the bit-counting and bit-scanning instructions
/// (`popcnt`, `lzcnt`, `tzcnt`) when this processor has them; the expression and what it inlines
/// use them. The expression becomes an `#[inline(always)]` closure for
/// [`with_bit_instructions`]: a closure the compiler leaves out of line is compiled without
/// them (chess's judgement once was, counting its bits in software: 6 % of chess's search).
macro_rules! bit_instructions {
    ($($body:tt)*) => {
        $crate::bits::with_bit_instructions(
            #[inline(always)]
            || $($body)*,
        )
    };
}
pub(crate) use bit_instructions;

/// Runs `f`, compiled with the bit instructions when this processor has them (through
/// [`bit_instructions!`], which keeps `f` inlined).
#[inline(always)]
pub fn with_bit_instructions<R>(f: impl FnOnce() -> R) -> R {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("popcnt")
        && std::arch::is_x86_feature_detected!("lzcnt")
        && std::arch::is_x86_feature_detected!("bmi1")
    {
        // SAFETY: the processor has every feature the function is compiled for, checked above.
        return unsafe { compiled_with_bit_instructions(f) };
    }
    f()
}

/// Runs `f`, compiled with `popcnt`, `lzcnt` and `bmi1`.
///
/// # Safety
/// The processor must have those features.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1")]
unsafe fn compiled_with_bit_instructions<R>(f: impl FnOnce() -> R) -> R {
    f()
}

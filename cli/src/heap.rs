//! The heap, set up for evaluation: fresh pages are faulted in on the idle core.
//!
//! Evaluation is one thread that allocates a few hundred megabytes for a large target and
//! frees little of it. On Linux every fresh page costs that thread a page fault (a kernel entry,
//! and in a VM an exit, then zeroing): for X86 about 60 000 faults, 15-20% of its time. The
//! other core is idle meanwhile, so a helper thread asks the kernel to fault in the pages just
//! above where the heap is being carved (`MADV_POPULATE_WRITE`, which maps pages without
//! writing to them: safe while the evaluator writes the same pages), a megabyte ahead.
//!
//! For that to work the allocations must come from one region that grows upwards: glibc's main
//! arena, grown with `brk`. So (glibc only) every thread shares that arena (`M_ARENA_MAX`: the
//! evaluator runs on a spawned thread, which would otherwise get its own `mmap`ed heaps), the
//! heap grows in 8 MiB steps (`M_TOP_PAD`, so there is room above the top to fault in) and is
//! not trimmed back after frees. Allocations of 128 KiB and more are still `mmap`ed by glibc
//! (setting the pad fixes the threshold there) and returned to the system when freed.
//!
//! Where the heap is being carved is learnt from the allocator: [`Tracking`] wraps the system
//! allocator and notes the end of the latest allocation (one relaxed store). The helper polls
//! it, backing off to 50 ms while nothing is allocated (an idle REPL costs nothing).
//! Peak memory grows by at most the window; the output does not depend on any of this.
//!
//! The helper must never make the evaluator wait, which on a busy machine it did: woken every
//! 200 µs on the evaluator's processor (the other one busy), it preempted the evaluator, which
//! then waited its turn behind other processes as well (X86: 1,700 preemptions, a small root
//! 40% of its wall time off the processor). So it runs on a batch thread, whose wakeups preempt
//! nothing; it stays quiet until the heap has grown by [`QUIET_BELOW`] (a small root takes its
//! few faults itself, as llvm-tblgen does); it populates in short steps, as it holds the address
//! space's lock while it does; and on one processor there is none. The thread is the process's
//! main thread, which has nothing else to do while the command runs on its own (see
//! `crate::watch`), so that a small root pays for no thread of its own.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::Duration;

/// The end of the latest allocation.
static LATEST: AtomicUsize = AtomicUsize::new(0);

/// How far above the latest allocation pages are faulted in ahead of the allocator: the helper
/// looks every 200 µs, and the evaluator allocates far less than this meanwhile. What is faulted
/// in and not yet used counts in the peak memory (4 MiB was 7% of a small target's).
const WINDOW: usize = 1 << 20;
/// How much the heap grows by beyond each request.
const TOP_PAD: i32 = 8 << 20;
/// Free memory at the top of the heap kept rather than given back (it would be faulted in again).
const TRIM_THRESHOLD: i32 = 64 << 20;

/// The system allocator, noting where the latest allocation ends.
pub struct Tracking;

/// glibc's threshold above which an allocation gets its own `mmap` (fixed at its default once
/// `M_TOP_PAD` is set): those are not in the heap and not noted.
const MMAP_THRESHOLD: usize = 128 << 10;

#[inline]
fn note(p: *mut u8, size: usize) {
    if size < MMAP_THRESHOLD {
        LATEST.store(p as usize + size, Relaxed);
    }
}

// SAFETY: every call is passed to `System` unchanged; only the returned address is noted.
unsafe impl GlobalAlloc for Tracking {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        note(p, layout.size());
        p
    }
    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        note(p, layout.size());
        p
    }
    #[inline]
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) }
    }
    #[inline]
    unsafe fn realloc(&self, p: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let q = unsafe { System.realloc(p, layout, new_size) };
        note(q, new_size);
        q
    }
}

/// Sets up the heap; returns the helper's work, for a thread that is free (none on one
/// processor). Call first thing in `main`, before any other thread is spawned (glibc fixes the
/// number of arenas at the first thread's malloc).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub fn start() -> Option<Prefault> {
    // SAFETY: mallopt only changes glibc's tuning parameters; `sbrk(0)` only reads where the
    // heap ends.
    let base = unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
        libc::mallopt(libc::M_TOP_PAD, TOP_PAD);
        libc::mallopt(libc::M_TRIM_THRESHOLD, TRIM_THRESHOLD);
        libc::sbrk(0) as usize
    };
    // On one processor the helper could only take turns with the evaluator.
    (processors() >= 2).then_some(Prefault { base, awake: false, top: 0, seen: 0, nap: BUSY })
}

/// The helper's work, where there is none.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub struct Prefault;

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
pub fn start() -> Option<Prefault> {
    None
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
impl Prefault {
    pub fn step(&mut self) -> Option<Duration> {
        None
    }
}

/// Makes the calling thread a batch thread (`SCHED_BATCH`, same share of the processor): its
/// wakeups do not preempt the thread running, the evaluator above all. For the threads that
/// wake up to look at something (the heap, the memory use).
pub fn run_as_batch() {
    #[cfg(target_os = "linux")]
    {
        let batch = libc::sched_param { sched_priority: 0 };
        // SAFETY: sets this thread's scheduling policy; an error leaves it as it was.
        unsafe { libc::sched_setscheduler(0, libc::SCHED_BATCH, &batch) };
    }
}

/// The processors this process may run on (`taskset`), without reading the cgroup's files as
/// `available_parallelism` does.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn processors() -> u32 {
    // SAFETY: an all-zero cpu_set_t is an empty set; sched_getaffinity writes at most its size.
    unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        if libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) != 0 {
            return 2;
        }
        libc::CPU_COUNT(&set).max(1) as u32
    }
}

/// Whether this process may run on more than one processor: then the evaluator lexes ahead on
/// another thread (`tdq_core::Options::lex_ahead`).
pub fn spare_processor() -> bool {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    return processors() >= 2;
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    return std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2);
}

/// How much the heap grows before the helper starts: below it the evaluation takes its own page
/// faults, as llvm-tblgen does. A small root (an option table, a dialect) ends before the helper
/// would have done anything for it, and on a busy machine every wakeup of the helper could
/// take the evaluator's processor from it.
const QUIET_BELOW: usize = 32 << 20;

/// How often the helper looks at the heap while it is growing, while it is idle (at most: the
/// pause doubles from `BUSY` while nothing is allocated, so an idle REPL costs nothing), and
/// while it is under [`QUIET_BELOW`].
const BUSY: Duration = Duration::from_micros(200);
const IDLE: Duration = Duration::from_millis(50);
const QUIET: Duration = Duration::from_millis(5);

/// The helper's work: keeps the pages of the window above the latest allocation faulted in.
///
/// Its thread is a batch thread (`SCHED_BATCH`): its wakeups never preempt the evaluator; it
/// takes a processor that is free, or its turn. It populates a step at a time, so that it holds
/// the address space's lock (read) only briefly: the evaluator's `brk` and `mmap` wait for it.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
pub struct Prefault {
    /// Where the heap started.
    base: usize,
    /// Whether the heap has grown past [`QUIET_BELOW`].
    awake: bool,
    /// The end of what has been faulted in (the heap only grows upwards: everything below was
    /// faulted in here or by the allocator's user).
    top: usize,
    /// The allocation seen last.
    seen: usize,
    /// How long to wait before the next step.
    nap: Duration,
}

#[cfg(all(target_os = "linux", target_env = "gnu"))]
impl Prefault {
    /// Faults in what is due; returns how long to wait before the next step, or `None` when
    /// there is nothing this kernel can do (before 5.14).
    pub fn step(&mut self) -> Option<Duration> {
        const PAGE: usize = 4096;
        /// Work worth a system call, and at most what one call populates.
        const STEP: usize = 256 << 10;
        let latest = LATEST.load(Relaxed);
        if !self.awake {
            if latest < self.base + QUIET_BELOW {
                return Some(QUIET);
            }
            self.awake = true;
        }
        self.nap = if latest == self.seen { (self.nap * 2).min(IDLE) } else { BUSY };
        self.seen = latest;
        // The window, up to the end of the heap's mapping (`sbrk(0)`, glibc's record of it).
        // SAFETY: `sbrk(0)` only reads where the heap ends.
        let brk = unsafe { libc::sbrk(0) } as usize;
        let from = ((latest + PAGE - 1) & !(PAGE - 1)).max(self.top);
        let to = (latest + WINDOW).min(brk) & !(PAGE - 1);
        if to >= from + STEP {
            for start in (from..to).step_by(STEP) {
                let len = STEP.min(to - start);
                // SAFETY: populating maps pages without changing their contents.
                let r = unsafe { libc::madvise(start as *mut libc::c_void, len, libc::MADV_POPULATE_WRITE) };
                if r != 0 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EINVAL) {
                    return None;
                }
            }
            self.top = to;
        }
        Some(self.nap)
    }
}

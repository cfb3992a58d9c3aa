//! Ctrl-C (SIGINT), SIGTERM and SIGHUP: the temporary store a build is writing is removed
//! before tdq dies of the signal, so an interrupted first query leaves nothing in the cache.
//!
//! The signals are blocked in every thread (before any is started: threads inherit the mask)
//! and taken by the main thread with `sigtimedwait` between its other rounds (`crate::watch`),
//! where removing files is safe, unlike in a signal handler. It then dies of the same signal,
//! as a process without handlers would, so shells see the usual status. Child processes (git)
//! start with no signal blocked: Rust's `Command` clears the mask.

use std::time::Duration;

/// The signals that end tdq after the clean-up.
const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// The blocked signals, to be waited for.
pub struct Signals(libc::sigset_t);

/// Blocks the signals in the calling thread and in the threads it starts after. Call before
/// any other thread starts. `None`: they could not be blocked, and act as before.
pub fn block() -> Option<Signals> {
    // SAFETY: sigset_t is plain data, initialised by sigemptyset; pthread_sigmask on this thread.
    unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for s in SIGNALS {
            libc::sigaddset(&mut set, s);
        }
        (libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) == 0).then_some(Signals(set))
    }
}

impl Signals {
    /// Waits up to `timeout` for one of the signals; if one comes, removes the temporary files
    /// and dies of it.
    pub fn wait(&self, timeout: Duration) {
        let timeout = libc::timespec {
            tv_sec: timeout.as_secs().try_into().unwrap_or(libc::time_t::MAX),
            tv_nsec: timeout.subsec_nanos().into(),
        };
        // SAFETY: `self.0` is a valid signal set; a null info pointer is allowed.
        let signal = unsafe { libc::sigtimedwait(&self.0, std::ptr::null_mut(), &timeout) };
        if signal > 0 {
            die_of(signal);
        }
    }
}

/// Removes the temporary files and dies of `signal`.
fn die_of(signal: libc::c_int) -> ! {
    tdq_store::cache::remove_temporaries();
    // SAFETY: back to the default action, unblocked on this thread, then raised here.
    unsafe {
        libc::signal(signal, libc::SIG_DFL);
        let mut one: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut one);
        libc::sigaddset(&mut one, signal);
        libc::pthread_sigmask(libc::SIG_UNBLOCK, &one, std::ptr::null_mut());
        libc::raise(signal);
    }
    std::process::exit(128 + signal);
}

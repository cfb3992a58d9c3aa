//! Ctrl-C (SIGINT), SIGTERM and SIGHUP: the temporary store a build is writing is removed
//! before tdq dies of the signal, so an interrupted first query leaves nothing in the cache.
//!
//! The signals are blocked in every thread (before any is started: threads inherit the mask)
//! and taken by one thread with `sigwait`, where removing files is safe, unlike in a signal
//! handler. It then dies of the same signal, as a process without handlers would, so shells see
//! the usual status. Child processes (git) start with no signal blocked: Rust's `Command`
//! clears the mask.

/// The signals that end tdq after the clean-up.
const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

/// Blocks the signals and starts the thread that waits for them. Call before any other thread
/// starts.
pub fn start() {
    // SAFETY: sigset_t is plain data, initialised by sigemptyset; pthread_sigmask on this thread.
    let set = unsafe {
        let mut set: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut set);
        for s in SIGNALS {
            libc::sigaddset(&mut set, s);
        }
        if libc::pthread_sigmask(libc::SIG_BLOCK, &set, std::ptr::null_mut()) != 0 {
            return;
        }
        set
    };
    let spawned = std::thread::Builder::new().name("tdq-signals".into()).stack_size(64 << 10).spawn(move || {
        let mut signal: libc::c_int = 0;
        // SAFETY: `set` is a valid signal set; sigwait writes the signal taken.
        if unsafe { libc::sigwait(&set, &mut signal) } != 0 {
            return;
        }
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
    });
    if spawned.is_err() {
        // No thread to take them: let the signals act as before.
        // SAFETY: as above.
        unsafe {
            libc::pthread_sigmask(libc::SIG_UNBLOCK, &set, std::ptr::null_mut());
        }
    }
}

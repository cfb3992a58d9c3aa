//! The main thread's work while the command runs on its own thread (whose stack the evaluator
//! needs, see `crate::EVALUATION_STACK`): it takes the signals that end tdq, faults in the
//! heap's fresh pages ahead of the evaluator and watches the memory bound. One thread that was
//! there anyway rather than three started for it: a small root's run (3-5 ms) paid for each
//! thread's start, stack and end, 5% of its processor time for the two it no longer starts.
//!
//! It is a batch thread (`SCHED_BATCH`, the same share of the processor): its wakeups preempt
//! nothing, the evaluator above all. Changing its policy after the command's thread was started
//! leaves that one as it was.

use crate::{heap, interrupts, memory};
use std::time::Instant;

/// Runs the rounds until the process ends (the command's thread ends it).
pub fn run(signals: Option<interrupts::Signals>, mut prefault: Option<heap::Prefault>) -> ! {
    heap::run_as_batch();
    let mut watcher = memory::Watcher::default();
    let mut next_reading = Instant::now();
    loop {
        let now = Instant::now();
        if now >= next_reading {
            watcher.step();
            next_reading = now + memory::POLL;
        }
        let mut nap = next_reading.saturating_duration_since(now);
        if let Some(helper) = &mut prefault {
            match helper.step() {
                Some(wait) => nap = nap.min(wait),
                None => prefault = None,
            }
        }
        match &signals {
            Some(signals) => signals.wait(nap),
            None => std::thread::sleep(nap),
        }
    }
}

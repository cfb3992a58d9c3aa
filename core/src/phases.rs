//! The named phases of a backend's work, for `--time-phases`: what LLVM's emitters and models
//! say with `Records.getTimer().startTimer("Sort patterns")` (`TGTimer`).
//!
//! llvm-tblgen's timer belongs to its RecordKeeper, which one thread uses. tdq's evaluation is
//! shared between threads (the evaluation cache keeps it on another while the backend runs),
//! so the timer belongs instead to the thread that runs the backend: the command line installs
//! a [`PhaseLog`] there for the backend's run ([`record`]), and backends and models call
//! [`start`] and [`stop`] where LLVM's do. With none installed (timing off, the store, lints,
//! the language server) both do nothing.

use std::cell::RefCell;

/// What a backend or model says of its phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseEvent {
    /// `TGTimer::startTimer(name)`: a phase starts, ending the one running.
    Start(&'static str),
    /// `TGTimer::stopTimer()`: the running phase ends, and none starts.
    Stop,
}

/// Where this thread's phase events go: the command line's phase timer.
pub type PhaseLog = Box<dyn FnMut(PhaseEvent)>;

thread_local! {
    static LOG: RefCell<Option<PhaseLog>> = const { RefCell::new(None) };
}

/// Runs `f` with `log` receiving the phases started and stopped on this thread meanwhile.
pub fn record<R>(log: PhaseLog, f: impl FnOnce() -> R) -> R {
    let previous = LOG.with(|l| l.borrow_mut().replace(log));
    let result = f();
    LOG.with(|l| *l.borrow_mut() = previous);
    result
}

fn send(event: PhaseEvent) {
    LOG.with(|l| {
        if let Some(log) = l.borrow_mut().as_mut() {
            log(event);
        }
    });
}

/// A phase named `name` starts (and the running one ends).
pub fn start(name: &'static str) {
    send(PhaseEvent::Start(name));
}

/// The running phase ends.
pub fn stop() {
    send(PhaseEvent::Stop);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::rc::Rc;

    #[test]
    fn events_reach_the_installed_log_only_while_it_is_installed() {
        let seen = Rc::new(RefCell::new(Vec::new()));
        start("before");
        let sink = seen.clone();
        let answer = record(Box::new(move |e| sink.borrow_mut().push(e)), || {
            start("Sort patterns");
            stop();
            42
        });
        start("after");
        assert_eq!(answer, 42);
        assert_eq!(*seen.borrow(), [PhaseEvent::Start("Sort patterns"), PhaseEvent::Stop]);
    }
}

//! `--time-phases`: llvm-tblgen's "TableGen Phase Timing" report (LLVM's TimerGroup printer),
//! with user, system and wall time per phase.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;
use std::time::{SystemTime, UNIX_EPOCH};
use tdq_core::phases::PhaseEvent;

/// One reading or one difference of readings: LLVM's TimeRecord.
#[derive(Clone, Copy, Debug, Default)]
struct TimeRecord {
    wall: f64,
    user: f64,
    system: f64,
    mem: i64,
}

impl TimeRecord {
    fn now(track_memory: bool) -> Self {
        let wall = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64());
        let (user, system) = cpu_times();
        TimeRecord { wall, user, system, mem: if track_memory { malloc_usage() } else { 0 } }
    }
    fn process(&self) -> f64 {
        self.user + self.system
    }
    fn minus(self, start: TimeRecord) -> Self {
        TimeRecord {
            wall: self.wall - start.wall,
            user: self.user - start.user,
            system: self.system - start.system,
            mem: self.mem - start.mem,
        }
    }
    fn plus(self, other: TimeRecord) -> Self {
        TimeRecord {
            wall: self.wall + other.wall,
            user: self.user + other.user,
            system: self.system + other.system,
            mem: self.mem + other.mem,
        }
    }

    /// `TimeRecord::print`: only the columns the total has.
    fn print(&self, total: &TimeRecord, s: &mut String) {
        fn value(v: f64, total: f64, s: &mut String) {
            if total < 1e-7 {
                s.push_str("        -----     ");
            } else {
                s.push_str(&format!("  {:7.4} ({:5.1}%)", v, v * 100.0 / total));
            }
        }
        if total.user != 0.0 {
            value(self.user, total.user, s);
        }
        if total.system != 0.0 {
            value(self.system, total.system, s);
        }
        if total.process() != 0.0 {
            value(self.process(), total.process(), s);
        }
        value(self.wall, total.wall, s);
        s.push_str("  ");
        if total.mem != 0 {
            s.push_str(&format!("{:9}  ", self.mem));
        }
    }
}

#[cfg(unix)]
fn cpu_times() -> (f64, f64) {
    // SAFETY: getrusage only writes the struct it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage
    };
    let secs = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 / 1_000_000.0;
    (secs(usage.ru_utime), secs(usage.ru_stime))
}

#[cfg(not(unix))]
fn cpu_times() -> (f64, f64) {
    (0.0, 0.0)
}

/// Bytes in use by malloc, as LLVM's `sys::Process::GetMallocUsage`.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn malloc_usage() -> i64 {
    // SAFETY: mallinfo2 only reads allocator statistics.
    unsafe { libc::mallinfo2().uordblks as i64 }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn malloc_usage() -> i64 {
    0
}

/// How the report is made: llvm-tblgen's `--sort-timers`, `--track-memory` and
/// `--info-output-file`.
#[derive(Clone, Debug)]
pub struct ReportOptions {
    pub sort: bool,
    pub track_memory: bool,
    /// Empty: stderr; `-`: stdout; otherwise a file appended to.
    pub info_output_file: String,
}

/// The phases timed so far, in the order they ended; a no-op when timing is off. LLVM's
/// `TGTimer`: one phase at a time ([`start`](Self::start) ends the running one), and the
/// driver's "Backend overall" left out of the report when the backend (or a model it uses)
/// times phases of its own.
pub struct PhaseTimer {
    enabled: bool,
    options: ReportOptions,
    phases: Vec<(&'static str, TimeRecord)>,
    /// The phase started last (LLVM's `LastTimer`), running or stopped.
    last: Option<LastPhase>,
    /// Whether `last` is the driver's backend phase (LLVM's `BackendTimer`).
    backend: bool,
}

struct LastPhase {
    name: &'static str,
    start: TimeRecord,
    /// Its time once stopped.
    elapsed: Option<TimeRecord>,
}

impl PhaseTimer {
    pub fn new(enabled: bool, options: ReportOptions) -> Self {
        PhaseTimer { enabled, options, phases: Vec::new(), last: None, backend: false }
    }

    fn now(&self) -> TimeRecord {
        TimeRecord::now(self.options.track_memory)
    }

    /// Starts timing `name`, ending the phase running before it (`TGTimer::startTimer`).
    pub fn start(&mut self, name: &'static str) {
        if self.enabled {
            let now = self.now();
            self.start_at(name, now);
        }
    }

    fn start_at(&mut self, name: &'static str, now: TimeRecord) {
        if let Some(last) = self.last.take() {
            match last.elapsed {
                // A backend phase ended by one of the backend's own is cleared, not reported.
                None if self.backend => self.backend = false,
                None => self.phases.push((last.name, now.minus(last.start))),
                Some(elapsed) => self.phases.push((last.name, elapsed)),
            }
        }
        self.last = Some(LastPhase { name, start: now, elapsed: None });
    }

    /// Ends the running phase (`TGTimer::stopTimer`).
    pub fn stop(&mut self) {
        if self.enabled {
            let now = self.now();
            self.stop_at(now);
        }
    }

    fn stop_at(&mut self, now: TimeRecord) {
        if let Some(last) = self.last.as_mut().filter(|l| l.elapsed.is_none()) {
            last.elapsed = Some(now.minus(last.start));
        }
    }

    /// Starts the driver's phase around the backend (`TGTimer::startBackendTimer`).
    pub fn start_backend(&mut self, name: &'static str) {
        if self.enabled {
            self.start(name);
            self.backend = true;
        }
    }

    /// Ends the driver's backend phase if the backend started none of its own
    /// (`TGTimer::stopBackendTimer`); else the backend's last phase runs on until the next.
    pub fn stop_backend(&mut self) {
        if self.enabled && self.backend {
            self.stop();
            self.backend = false;
        }
    }

    /// Runs `f` (the backend) with the phases it and the models it computes start and stop
    /// ([`tdq_core::phases`]) timed here.
    pub fn record<R>(&mut self, f: impl FnOnce() -> R) -> R {
        if !self.enabled {
            return f();
        }
        let events = Rc::new(RefCell::new(Vec::new()));
        let log = events.clone();
        let track_memory = self.options.track_memory;
        let result = tdq_core::phases::record(
            Box::new(move |event| log.borrow_mut().push((event, TimeRecord::now(track_memory)))),
            f,
        );
        for (event, at) in events.take() {
            match event {
                PhaseEvent::Start(name) => self.start_at(name, at),
                PhaseEvent::Stop => self.stop_at(at),
            }
        }
        result
    }

    /// Prints the report where `--info-output-file` says.
    pub fn report(mut self) {
        if !self.enabled {
            return;
        }
        self.stop();
        if let Some(LastPhase { name, elapsed: Some(elapsed), .. }) = self.last.take() {
            self.phases.push((name, elapsed));
        }
        let text = self.render();
        let path = &self.options.info_output_file;
        let _ = match path.as_str() {
            "" => std::io::stderr().write_all(text.as_bytes()),
            "-" => std::io::stdout().write_all(text.as_bytes()),
            _ => match std::fs::OpenOptions::new().append(true).create(true).open(path) {
                Ok(mut f) => f.write_all(text.as_bytes()),
                Err(_) => {
                    eprintln!("Error opening info-output-file '{path} for appending!");
                    std::io::stderr().write_all(text.as_bytes())
                }
            },
        };
    }

    /// `TimerGroup::PrintQueuedTimers`.
    fn render(&self) -> String {
        const DESCRIPTION: &str = "TableGen Phase Timing";
        // LLVM collects timers newest first, sorts them by wall time when asked (ties keep that
        // order) and prints the list backwards.
        let mut queued: Vec<(&str, TimeRecord)> = self.phases.iter().rev().copied().collect();
        if self.options.sort {
            queued.sort_by(|a, b| a.1.wall.total_cmp(&b.1.wall));
        }
        let total = queued.iter().fold(TimeRecord::default(), |t, (_, r)| t.plus(*r));

        let rule = format!("==={}===\n", "-".repeat(73));
        let mut s = rule.clone();
        s.push_str(&" ".repeat(80usize.saturating_sub(DESCRIPTION.len()) / 2));
        s.push_str(DESCRIPTION);
        s.push('\n');
        s.push_str(&rule);
        s.push_str(&format!(
            "  Total Execution Time: {:5.4} seconds ({:5.4} wall clock)\n\n",
            total.process(),
            total.wall
        ));
        if total.user != 0.0 {
            s.push_str("   ---User Time---");
        }
        if total.system != 0.0 {
            s.push_str("   --System Time--");
        }
        if total.process() != 0.0 {
            s.push_str("   --User+System--");
        }
        s.push_str("   ---Wall Time---");
        if total.mem != 0 {
            s.push_str("  ---Mem---");
        }
        s.push_str("  --- Name ---\n");
        for (name, record) in queued.iter().rev() {
            record.print(&total, &mut s);
            s.push_str(name);
            s.push('\n');
        }
        total.print(&total, &mut s);
        s.push_str("Total\n\n");
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timer(phases: &[(&'static str, f64, f64, f64)], sort: bool) -> PhaseTimer {
        let options = ReportOptions { sort, track_memory: false, info_output_file: String::new() };
        let mut t = PhaseTimer::new(true, options);
        t.phases =
            phases.iter().map(|&(n, user, system, wall)| (n, TimeRecord { wall, user, system, mem: 0 })).collect();
        t
    }

    /// The phases a run reports, in the order they ended, with their wall times.
    fn reported(t: &mut PhaseTimer) -> Vec<(&'static str, f64)> {
        if let Some(LastPhase { name, elapsed: Some(elapsed), .. }) = t.last.take() {
            t.phases.push((name, elapsed));
        }
        t.phases.iter().map(|(n, r)| (*n, r.wall)).collect()
    }

    fn at(wall: f64) -> TimeRecord {
        TimeRecord { wall, ..TimeRecord::default() }
    }

    /// The driver's steps around a backend whose own phases are `backend`, (name, start time)
    /// or `None` for a stop, as `TableGenMain` takes them.
    fn run(backend: &[(Option<&'static str>, f64)]) -> Vec<(&'static str, f64)> {
        let options = ReportOptions { sort: true, track_memory: false, info_output_file: String::new() };
        let mut t = PhaseTimer::new(true, options);
        t.start_at("Parse, build records", at(0.0));
        t.stop_at(at(1.0));
        t.start_at("Backend overall", at(1.0));
        t.backend = true;
        for &(event, time) in backend {
            match event {
                Some(name) => t.start_at(name, at(time)),
                None => t.stop_at(at(time)),
            }
        }
        if t.backend {
            t.stop_at(at(5.0));
            t.backend = false;
        }
        t.start_at("Write output", at(6.0));
        t.stop_at(at(7.0));
        reported(&mut t)
    }

    #[test]
    fn a_backend_without_phases_is_timed_whole() {
        assert_eq!(run(&[]), [("Parse, build records", 1.0), ("Backend overall", 4.0), ("Write output", 1.0)]);
    }

    #[test]
    fn a_backends_own_phases_replace_the_backend_phase_and_the_last_runs_to_the_output() {
        let phases = run(&[(Some("Sort patterns"), 2.0), (Some("Emit matcher table"), 3.0)]);
        assert_eq!(
            phases,
            [("Parse, build records", 1.0), ("Sort patterns", 1.0), ("Emit matcher table", 3.0), ("Write output", 1.0)]
        );
    }

    #[test]
    fn a_model_phase_stopped_leaves_the_rest_of_the_backend_untimed() {
        let phases = run(&[(Some("Compute inferred register classes"), 2.0), (None, 2.5)]);
        assert_eq!(
            phases,
            [("Parse, build records", 1.0), ("Compute inferred register classes", 0.5), ("Write output", 1.0)]
        );
    }

    #[test]
    fn report_has_llvm_layout_sorted_by_wall_time() {
        let t = timer(
            &[
                ("Parse, build records", 1.2388, 1.0762, 2.3408),
                ("Backend overall", 0.4436, 0.5239, 0.9676),
                ("Write output", 0.0, 0.2677, 0.2677),
            ],
            true,
        );
        let expected = "\
===-------------------------------------------------------------------------===
                             TableGen Phase Timing
===-------------------------------------------------------------------------===
  Total Execution Time: 3.5502 seconds (3.5761 wall clock)

   ---User Time---   --System Time--   --User+System--   ---Wall Time---  --- Name ---
   1.2388 ( 73.6%)   1.0762 ( 57.6%)   2.3150 ( 65.2%)   2.3408 ( 65.5%)  Parse, build records
   0.4436 ( 26.4%)   0.5239 ( 28.0%)   0.9675 ( 27.3%)   0.9676 ( 27.1%)  Backend overall
   0.0000 (  0.0%)   0.2677 ( 14.3%)   0.2677 (  7.5%)   0.2677 (  7.5%)  Write output
   1.6824 (100.0%)   1.8678 (100.0%)   3.5502 (100.0%)   3.5761 (100.0%)  Total

";
        assert_eq!(t.render(), expected);
    }

    #[test]
    fn columns_without_time_are_left_out_and_unsorted_keeps_start_order() {
        let t = timer(&[("A", 0.0, 0.0, 0.1), ("B", 0.0, 0.0, 0.3)], false);
        let r = t.render();
        assert!(
            r.contains("\n   ---Wall Time---  --- Name ---\n   0.1000 ( 25.0%)  A\n   0.3000 ( 75.0%)  B\n"),
            "{r}"
        );
    }
}

//! `tdq cache`: what the cache directory holds (stores, `tdq tblgen` snapshots and model tables, with size,
//! last use and sources), and `tdq cache prune` to remove the old or the least recently used.

use crate::exit_codes::{FAILURE, SUCCESS, USAGE};
use clap::{Args, Subcommand};
use std::fmt::Write as _;
use std::io::Write as _;
use std::time::{Duration, SystemTime};
use tdq_core::limits::{format_size, parse_size};
use tdq_store::cache_list::{entries, to_prune, Prune};

#[derive(Args, Debug)]
pub struct CacheArgs {
    #[command(subcommand)]
    action: Option<CacheAction>,
}

#[derive(Subcommand, Debug)]
enum CacheAction {
    /// List the stores, snapshots and model tables: kind, size, last used, sources (the default).
    List,
    /// Remove stores, snapshots and model tables: those last used before --older-than, then the least
    /// recently used until the cache takes at most --max-size; --all removes everything.
    Prune {
        /// Remove what was last used longer ago than this: 30d, 12h, 90m, 2w, 45s.
        #[arg(long, value_name = "AGE", value_parser = parse_age)]
        older_than: Option<Duration>,
        /// Then remove the least recently used until the cache takes at most SIZE (2G, 500M).
        #[arg(long, value_name = "SIZE", value_parser = parse_size)]
        max_size: Option<u64>,
        /// Remove every store and snapshot.
        #[arg(long, conflicts_with_all = ["older_than", "max_size"])]
        all: bool,
        /// Say what would be removed, removing nothing.
        #[arg(long)]
        dry_run: bool,
    },
}

/// `30d`, `12h`, `90m`, `2w`, `45s` (a number alone: days).
fn parse_age(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (n, unit) = t.split_at(split);
    let n: u64 = n.parse().map_err(|_| format!("'{text}' is not an age such as 30d, 12h or 90m"))?;
    let seconds = match unit {
        "s" => 1,
        "m" | "min" => 60,
        "h" => 3600,
        "" | "d" => 86_400,
        "w" => 7 * 86_400,
        _ => return Err(format!("'{text}' is not an age such as 30d, 12h or 90m (units s, m, h, d, w)")),
    };
    Ok(Duration::from_secs(n.saturating_mul(seconds)))
}

/// How long ago, in the largest unit that fits: `3 days ago`, `5 minutes ago`.
fn ago(then: SystemTime, now: SystemTime) -> String {
    let s = now.duration_since(then).unwrap_or_default().as_secs();
    let (n, unit) = match s {
        0..60 => (s, "second"),
        60..3600 => (s / 60, "minute"),
        3600..86_400 => (s / 3600, "hour"),
        _ => (s / 86_400, "day"),
    };
    format!("{n} {unit}{} ago", if n == 1 { "" } else { "s" })
}

pub fn run(args: CacheArgs) -> i32 {
    // Written once at the end: a reader that goes away (`| head`) ends the listing quietly.
    let mut out = String::new();
    let status = run_into(args, &mut out);
    match std::io::stdout().lock().write_all(out.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            eprintln!("tdq cache: writing the listing: {e}");
            FAILURE
        }
        _ => status,
    }
}

fn run_into(args: CacheArgs, out: &mut String) -> i32 {
    let dir = tdq_store::cache::cache_dir();
    let list = entries(&dir);
    let now = SystemTime::now();
    match args.action.unwrap_or(CacheAction::List) {
        CacheAction::List => {
            let _ = writeln!(out, "{}", dir.display());
            if list.is_empty() {
                let _ = writeln!(out, "(empty)");
                return SUCCESS;
            }
            let rows: Vec<[String; 4]> = list
                .iter()
                .map(|e| [e.kind.name().to_string(), format_size(e.bytes), ago(e.used, now), e.sources.clone()])
                .collect();
            let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
            let (w0, w1, w2) = (width(0).max(4), width(1).max(4), width(2).max(9));
            let _ = writeln!(out, "{:w0$}  {:>w1$}  {:w2$}  sources", "kind", "size", "last used");
            for r in &rows {
                let _ = writeln!(out, "{:w0$}  {:>w1$}  {:w2$}  {}", r[0], r[1], r[2], r[3]);
            }
            let total: u64 = list.iter().map(|e| e.bytes).sum();
            let _ = writeln!(
                out,
                "{} entries, {} (tdq cache prune --older-than 30d, --max-size 2G)",
                list.len(),
                format_size(total)
            );
            SUCCESS
        }
        CacheAction::Prune { older_than, max_size, all, dry_run } => {
            let prune = match (all, older_than, max_size) {
                (true, _, _) => Prune { older_than: None, max_bytes: Some(0) },
                (false, None, None) => {
                    eprintln!("tdq cache prune: say what to remove: --older-than AGE, --max-size SIZE or --all");
                    return USAGE;
                }
                (false, older_than, max_bytes) => Prune { older_than, max_bytes },
            };
            let chosen = to_prune(&list, prune, now);
            let mut freed = 0u64;
            let mut status = SUCCESS;
            for &i in &chosen {
                let e = &list[i];
                if !dry_run {
                    if let Err(err) = std::fs::remove_file(&e.path) {
                        eprintln!("tdq cache prune: {}: {}", e.path.display(), crate::os_message(&err));
                        status = FAILURE;
                        continue;
                    }
                }
                freed += e.bytes;
                let _ = writeln!(
                    out,
                    "{} {} {} ({}, last used {})",
                    if dry_run { "would remove" } else { "removed" },
                    e.kind.name(),
                    e.sources,
                    format_size(e.bytes),
                    ago(e.used, now)
                );
            }
            let kept: u64 = list.iter().map(|e| e.bytes).sum::<u64>() - freed;
            let _ = writeln!(
                out,
                "{} {} entries, {}; {} left in {}",
                if dry_run { "would free" } else { "freed" },
                chosen.len(),
                format_size(freed),
                format_size(kept),
                dir.display()
            );
            status
        }
    }
}

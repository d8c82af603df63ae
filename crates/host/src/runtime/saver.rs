//! The thread that writes the host's state saves, off the async thread and in order.

use tokio::sync::mpsc;

use super::Arrival;
use crate::host::SaveJob;

/// The thread that writes state saves, in the order it gets them (started with the first).
#[derive(Default)]
pub(super) struct Saver {
    jobs: Option<std::sync::mpsc::Sender<SaveJob>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Saver {
    /// Queues a write; its outcome comes back as an arrival. The job is handed back when no
    /// writer thread can be had.
    pub(super) fn write(
        &mut self,
        job: SaveJob,
        arrivals: &mpsc::Sender<Arrival>,
    ) -> Result<(), Box<SaveJob>> {
        if self.jobs.is_none() {
            let (jobs, queue) = std::sync::mpsc::channel::<SaveJob>();
            let arrivals = arrivals.clone();
            let spawned = std::thread::Builder::new()
                .name("mcpapp-state-saves".to_owned())
                .spawn(move || {
                    for job in queue {
                        // A runtime that is gone no longer wants the outcome; the rest of the
                        // queue is still written.
                        let _ = arrivals.blocking_send(Arrival::Saved(job.run()));
                    }
                });
            match spawned {
                Ok(thread) => {
                    self.jobs = Some(jobs);
                    self.thread = Some(thread);
                }
                Err(error) => {
                    tracing::warn!(%error, "no thread for state saves; writing on the runtime's");
                    return Err(Box::new(job));
                }
            }
        }
        match &self.jobs {
            Some(jobs) => jobs.send(job).map_err(|e| Box::new(e.0)),
            None => Err(Box::new(job)),
        }
    }

    /// Ends the queue and waits until everything in it is written.
    pub(super) fn finish(&mut self) {
        self.jobs = None;
        if let Some(thread) = self.thread.take()
            && thread.join().is_err()
        {
            tracing::warn!("the state save thread panicked");
        }
    }
}

import path from 'node:path';
import { runMessage } from '../../../i18n/run-message.js';
import { reasonOf, type RunContext } from '../pipeline-context.js';
import type { SourceFolder, SourceSession } from '../source.js';
import { doneMarkerAfter, othersNeedingMarker } from './source-file-choice.js';

/**
 * Step 1, right after the source file `remote` was deleted: its done-marker goes too (decision 0018) —
 * unless another file it stands for (`{base}` form: `x.ok` for `x.csv` and `x.pdf`) is still at the
 * source, or it is already gone (another file of the same marker, at the same moment). A marker that
 * cannot be removed is named in a WARNING of the run log and never fails the file, which the run
 * already owns; a marker left behind never makes a later file of the same name count as done, because
 * a marker older than its file does not count.
 */
export async function removeDoneMarker(
  context: Pick<RunContext, 'job' | 'recorder' | 'signal'>,
  source: SourceFolder,
  session: SourceSession,
  remote: string,
): Promise<void> {
  const { job, recorder, signal } = context;
  const folder = path.posix.dirname(remote);
  const name = path.posix.basename(remote);
  let markerPath = name;
  try {
    const after = doneMarkerAfter(job.config, name);
    if (!after) return;
    markerPath = source.pathOf(folder, after.marker);
    if (after.shared && othersNeedingMarker(await session.list(folder), job.config, name).length > 0) return;
    if (!(await session.exists(markerPath))) return;
    try {
      await session.remove(markerPath);
    } catch (error) {
      if (await session.exists(markerPath)) throw error;
      return; // Removed at the same moment for another file of the same marker.
    }
    await recorder.log('INFO', runMessage('doneMarkerDeleted', { marker: markerPath, remote }));
  } catch (error) {
    if (signal.aborted) throw error;
    await recorder.log(
      'WARNING',
      runMessage('doneMarkerNotDeleted', { remote, marker: markerPath, reason: reasonOf(error) }),
    );
  }
}

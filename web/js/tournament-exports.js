// Exports of an event (ExportTournament): TRF-2026, the CSV entry list and a
// round's games as PGN, each saved as a file from the text the server sends.
import {t} from './i18n.js';
import {errorText, showMessage} from './page-util.js';
import {exportTournament} from './tournament-api.js';

const el = (id) => document.getElementById(id);

// Saves `text` as a download named `filename`, without a round trip.
function saveText(text, filename, contentType) {
  const blob = new Blob([text], {type: contentType || 'text/plain'});
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename || 'export.txt';
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return blob.size;
}

// `context`: {name, shownRound()} (the PGN is of the round on show).
export function mountExports(context) {
  const message = el('export-message');
  for (const button of el('summary-card').querySelectorAll('[data-format]')) {
    button.addEventListener('click', async () => {
      const format = button.dataset.format;
      const round = format === 'EXPORT_FORMAT_PGN' ? context.shownRound() : 0;
      button.disabled = true;
      try {
        const answer = await exportTournament(context.name, format, round);
        const bytes =
            saveText(answer.text ?? '', answer.filename, answer.contentType);
        showMessage(
            message, t('tn.exported', {filename: answer.filename ?? '', bytes}),
            'ok');
      } catch (error) {
        showMessage(message, errorText(error), 'error');
      } finally {
        button.disabled = false;
      }
    });
  }
}

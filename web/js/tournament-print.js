// Printable A4 sheets: the page switches to one sheet's print layout
// (body[data-print], see tournament.css), fills the sheet's header with the
// event, the sheet's title and the date, and opens the print dialog.
import {lang, t} from './i18n.js';

const el = (id) => document.getElementById(id);

function today() {
  return new Date().toLocaleDateString(lang() === 'zh' ? 'zh-CN' : 'en-GB', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
}

// Fills the header printed above a sheet.
export function fillPrintHeader(eventTitle, sheetTitle) {
  el('print-event').textContent = eventTitle;
  el('print-sheet').textContent = sheetTitle;
  el('print-date').textContent = t('tn.printedOn', {date: today()});
}

function endPrint() {
  delete document.body.dataset.print;
}

// `sheet`: 'pairings' or 'standings'.
export function printSheet(sheet, eventTitle, sheetTitle) {
  fillPrintHeader(eventTitle, sheetTitle);
  document.body.dataset.print = sheet;
  window.print();
}

// After the dialog closes the page is whole again (printing from the
// browser's menu then prints every sheet).
window.addEventListener('afterprint', endPrint);

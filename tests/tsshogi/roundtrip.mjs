// For each file given (its format from the extension: .kif, .ki2, .csa): reads it with
// tsshogi, prints "FILE<TAB>position sfen … moves …" (the main line), and writes tsshogi's
// own export of the record to FILE.tsshogi.<ext>. A file tsshogi cannot read prints
// "FILE<TAB>ERROR message".
import { importKIF, importKI2, importCSA, exportKIF, exportKI2, exportCSA } from 'tsshogi';
import fs from 'fs';

const readers = { kif: importKIF, ki2: importKI2, csa: importCSA };
const writers = { kif: exportKIF, ki2: exportKI2, csa: exportCSA };

for (const file of process.argv.slice(2)) {
  const ext = file.split('.').pop();
  const record = readers[ext](fs.readFileSync(file, 'utf8'));
  if (record instanceof Error) {
    console.log(`${file}\tERROR ${record.message}`);
    continue;
  }
  record.goto(Number.MAX_SAFE_INTEGER);
  console.log(`${file}\t${record.usi}`);
  fs.writeFileSync(`${file}.tsshogi.${ext}`, writers[ext](record));
}

import { strToU8, zipSync } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { renderLabel } from '../../src/scan/testing/render.ts';

/** Documents made in the tests (issue 36): real files of each kind, built with the libraries a writer would use. */

/** A PDF with a text layer: each string is a page; a page's lines are drawn one under the other, paragraphs apart. */
export async function textPdf(pages: string[][], options: { encrypt?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const paragraphs of pages) {
    const page = doc.addPage([595, 842]);
    let y = 790;
    for (const paragraph of paragraphs) {
      for (const line of paragraph.split('\n')) {
        page.drawText(line, { x: 50, y, size: 12, font });
        y -= 16;
      }
      y -= 24;
    }
  }
  // A classic trailer (no cross-reference stream) where the encrypted variant adds its /Encrypt.
  const bytes = Buffer.from(await doc.save({ useObjectStreams: !options.encrypt }));
  return options.encrypt ? encryptLike(bytes) : bytes;
}

/**
 * The PDF with an incremental update that adds an /Encrypt dictionary (standard security handler) whose password
 * checks cannot pass: pdfjs asks for the password (PasswordException), as for any password-protected file.
 */
function encryptLike(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  const root = /\/Root (\d+ \d+ R)/.exec(text)?.[1];
  const prev = /startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))?.[1];
  if (!root || !prev) throw new Error('not a classic PDF trailer');
  const objectAt = pdf.length;
  const object = `99 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <${'A'.repeat(64)}> /U <${'B'.repeat(64)}> /P -4 >>\nendobj\n`;
  const xrefAt = objectAt + object.length;
  const id = '<0123456789ABCDEF0123456789ABCDEF>';
  const update = `xref\n99 1\n${String(objectAt).padStart(10, '0')} 00000 n \ntrailer\n<< /Size 100 /Root ${root} /Encrypt 99 0 R /ID [${id} ${id}] /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([pdf, Buffer.from(object + update, 'latin1')]);
}

/** An image-only PDF (a scan): the text rendered by sharp to a PNG, the page holds only that image. */
export async function scannedPdf(text: string): Promise<Buffer> {
  const png = await renderLabel(text, { size: 36, margin: 60 });
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  const page = doc.addPage([image.width, image.height]);
  page.drawImage(image, { x: 0, y: 0, width: image.width, height: image.height });
  return Buffer.from(await doc.save());
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A DOCX as Word writes its parts: content types, the package relation, the document, the app properties (pages). */
export function docx(paragraphs: string[], pages = 1): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${xml(p)}</w:t></w:r></w:p>`).join('');
  return Buffer.from(zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'),
    '_rels/.rels': strToU8('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>'),
    'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`),
    'docProps/app.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Pages>${pages}</Pages></Properties>`),
  }));
}

/** An ODT: the mimetype entry first and stored, content.xml with paragraphs and a heading, meta.xml with the page count. */
export function odt(heading: string, paragraphs: string[], pages = 1): Buffer {
  const ns = 'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"';
  const body = `<text:h text:outline-level="1">${xml(heading)}</text:h>` + paragraphs.map((p) => `<text:p text:style-name="P1">${xml(p).replace(/ {2}/g, ' <text:s/>')}</text:p>`).join('');
  return Buffer.from(zipSync({
    mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
    'content.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ns}><office:body><office:text>${body}</office:text></office:body></office:document-content>`),
    'meta.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><office:document-meta ${ns}><office:meta><meta:document-statistic meta:page-count="${pages}"/></office:meta></office:document-meta>`),
  }));
}

/** A multipart body with the client id and the file, as the web app sends it. */
export function fileUpload(bytes: Buffer, clientId: string, filename: string, contentType = 'application/octet-stream') {
  const boundary = '----parleyfile' + Math.random().toString(16).slice(2);
  const field = `--${boundary}\r\nContent-Disposition: form-data; name="clientId"\r\n\r\n${clientId}\r\n`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(field + head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

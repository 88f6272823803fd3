import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { apiRoot } from '../app/config.ts';

/**
 * Validation against the official FA(3) schema in ./xsd (README there names the source). The
 * schema imports StrukturyDanych by its crd.gov.pl address; libxml2 must not reach the network,
 * so `--nonet --path .` makes it take the copy of the same file name handed to it.
 */

const XSD_FILES = [
  'StrukturyDanych_v10-0E.xsd',
  'ElementarneTypyDanych_v10-0E.xsd',
  'KodyKrajow_v10-0E.xsd',
] as const;
const MAIN_XSD = 'schemat_FA(3)_v1-0E.xsd';

// From the package root, so src/ (tsx, vitest) and the bundle in dist/ read the same files.
const XSD_DIR = path.join(apiRoot, 'src', 'modules', 'invoices', 'xsd');

let schema: { main: string; preload: { fileName: string; contents: string }[] } | null = null;

function loadSchema(): NonNullable<typeof schema> {
  if (!schema) {
    const dir = XSD_DIR;
    schema = {
      main: readFileSync(path.join(dir, MAIN_XSD), 'utf8'),
      preload: XSD_FILES.map((fileName) => ({
        fileName,
        contents: readFileSync(path.join(dir, fileName), 'utf8'),
      })),
    };
  }
  return schema;
}

export interface Fa3Validation {
  valid: boolean;
  errors: string[];
}

export async function validateFa3(xml: string): Promise<Fa3Validation> {
  const { main, preload } = loadSchema();
  const result = await validateXML({
    xml: [{ fileName: 'faktura.xml', contents: xml }],
    schema: [{ fileName: 'schemat.xsd', contents: main }],
    preload,
    modifyArguments: (args) => ['--nonet', '--path', '.', ...args],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.message) };
}

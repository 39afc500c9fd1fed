// Writes src/lib/api.gen.ts, the API's types, from the API document
// (internal/httpapi/openapi.json), which the server's HTTP tests hold every
// request and answer to. With --check it writes nothing: it generates the
// file in memory and fails when the committed one differs, so a document
// changed without `npm run gen:api` stops `make test-web`.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import openapiTS, { astToString } from 'openapi-typescript'

const documentURL = new URL('../../internal/httpapi/openapi.json', import.meta.url)
const outputPath = fileURLToPath(new URL('../src/lib/api.gen.ts', import.meta.url))

const HEADER = `/**
 * The API's types, generated from internal/httpapi/openapi.json by openapi-typescript.
 * Do not edit: change the document, then run \`npm run gen:api\`.
 */

`

async function generate() {
  const ast = await openapiTS(documentURL, {
    // A default in the document says what the server assumes when a field is
    // left out of a request; it does not make the field required.
    defaultNonNullable: false,
    silent: true,
  })
  return HEADER + astToString(ast)
}

const source = await generate()

if (!process.argv.includes('--check')) {
  writeFileSync(outputPath, source)
  console.log('wrote src/lib/api.gen.ts')
  process.exit(0)
}

let committed = null
try {
  committed = readFileSync(outputPath, 'utf8')
} catch {
  // A missing file is as stale as an old one.
}
if (committed !== source) {
  console.error(
    'src/lib/api.gen.ts does not match internal/httpapi/openapi.json.\n' +
      'Run `npm run gen:api` in web/ and commit the result.',
  )
  process.exit(1)
}
console.log('src/lib/api.gen.ts matches internal/httpapi/openapi.json')

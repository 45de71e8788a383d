import { FlaskConical, ImageOff, Images } from 'lucide-react';
import type { ImportDryRunResult } from '@shared/import-schemas';
import { DRY_RUN_PICTURES_CHECKED, EXAMPLE_NAME_PREFIX } from '@shared/imports';
import { Alert } from '@/components/ui/alert';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-GB')} ${n === 1 ? one : many}`;

/** The template's example products still in the file (issue 27 item 5): what happens to them. */
export function ExampleProductsNote({ examples }: { examples: NonNullable<ImportDryRunResult['examples']> }) {
  const names = examples.names.join(', ') + (examples.count > examples.names.length ? ', …' : '');
  return (
    <Alert variant="info" aria-label="Example products">
      <FlaskConical aria-hidden />
      <span>
        <span className="font-medium">{plural(examples.count, 'product is one of the template’s examples', 'products are the template’s examples')}</span> ({names}).{' '}
        {examples.count === 1 ? 'It is' : 'They are'} imported as {examples.count === 1 ? 'a draft' : 'drafts'} named “{EXAMPLE_NAME_PREFIX}…”, without the sample pictures, so shoppers never see {examples.count === 1 ? 'it' : 'them'}. Delete those rows from your file to leave them out.
      </span>
    </Alert>
  );
}

/** The dry run's picture check: which addresses would not be imported, and why. */
export function PictureCheckNote({ pictures }: { pictures: NonNullable<ImportDryRunResult['pictures']> }) {
  if (pictures.checked === 0 && pictures.failed.length === 0) return null;
  const capped = pictures.checked >= DRY_RUN_PICTURES_CHECKED ? ` Only the first ${DRY_RUN_PICTURES_CHECKED} different addresses are checked.` : '';
  if (pictures.failed.length === 0) {
    return (
      <p className="flex items-center gap-2 text-sm text-zinc-600" aria-label="Picture check">
        <Images className="size-4 shrink-0 text-emerald-600" aria-hidden />
        <span>{plural(pictures.checked, 'picture address was', 'picture addresses were')} checked: every one answered with a picture.{capped}</span>
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3" aria-label="Picture check">
      <Alert variant="warning">
        <ImageOff aria-hidden />
        <span>
          <span className="font-medium">{plural(pictures.failed.length, 'picture', 'pictures')} of {pictures.checked.toLocaleString('en-GB')} checked will not be imported.</span>{' '}
          Their products are imported without them. Fix the addresses in your file and check again, or add the pictures later in the product editor.{capped}
        </span>
      </Alert>
      <div className="overflow-hidden rounded-lg border border-zinc-200">
        <Table aria-label="Pictures that will not be imported">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-14 sm:w-16">Line</TableHead>
              <TableHead>Address and problem</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {pictures.failed.map((p) => (
              <TableRow key={`${p.line}-${p.url}`}>
                <TableCell className="align-top tabular-nums text-zinc-900">{p.line}</TableCell>
                <TableCell className="min-w-0 align-top">
                  <span className="block max-w-full truncate font-mono text-xs text-zinc-600" title={p.url}>{p.url}</span>
                  <span className="block text-sm text-zinc-900">{p.message.replace(/^Picture will not be imported: /, '').replace(/^./, (c) => c.toUpperCase())}</span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

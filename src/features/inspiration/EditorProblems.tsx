import { useLingui } from '@lingui/react/macro';
import { DESCRIPTION_MAX, TITLE_MAX, type EditorProblem } from '../../../machines/inspiration-editor/inspiration-editor.types.ts';

/** What keeps the post editor's step from going on, in words (the pictures step's, and the details step's). */
export function Problems({ problems }: { problems: EditorProblem[] }) {
  const { t } = useLingui();
  if (problems.length === 0) return null;
  const text = (p: EditorProblem) => {
    switch (p.field) {
      case 'MediaList':
        return p.code === 'required' ? t`Add at least one picture or video.` : p.code === 'uploading' ? t`Wait for the uploads to finish.` : t`An upload failed: try it again or remove it.`;
      case 'Title':
        return p.code === 'required' ? t`Give the post a title.` : t`The title is too long (at most ${TITLE_MAX} characters).`;
      case 'Description':
        return t`The description is too long (at most ${DESCRIPTION_MAX} characters).`;
    }
  };
  return (
    <ul className="form-error" role="alert">
      {problems.map((p) => (
        <li key={`${p.field}-${p.code}`}>{text(p)}</li>
      ))}
    </ul>
  );
}

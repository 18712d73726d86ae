import type { TTemplateCheck, TTemplatePageSetup } from '@cargodesk/shared';
import { Alert, Button, Spin, Typography } from 'antd';
import { toErrorMessage } from '@/lib/api-client.ts';

const pageWidthMm: Record<TTemplatePageSetup['size'], number> = { A4: 210, Letter: 215.9 };

/**
 * The page the preview frame shows. The frame is sandboxed without scripts or same-origin rights, so
 * nothing in a template runs or reaches the app; a document gets its page's width and margins.
 */
const previewDocument = (body: string, page: TTemplatePageSetup | undefined) => {
  const frameStyle = page
    ? `html{background:#f0f0f0}body{box-sizing:border-box;width:${pageWidthMm[page.size]}mm;min-height:100%;margin:0 auto;background:#fff;padding:${page.marginsMm.top}mm ${page.marginsMm.right}mm ${page.marginsMm.bottom}mm ${page.marginsMm.left}mm}`
    : 'body{font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;margin:12px;color:#1f1f1f}';
  return `<!doctype html><html><head><meta charset="utf-8"><style>${frameStyle}</style></head><body>${body}</body></html>`;
};

/**
 * The live preview with the purpose's sample data, and what the check found: syntax problems (which
 * keep the text from being saved) and names the purpose does not have (warnings).
 */
export const TemplatePreview = ({
  check,
  isChecking,
  error,
  page,
  isEmail,
  onGoToProblem,
}: {
  check: TTemplateCheck | undefined;
  isChecking: boolean;
  error: unknown;
  page?: TTemplatePageSetup;
  isEmail: boolean;
  onGoToProblem?: (line: number, column: number) => void;
}) => (
  <section className="template-preview" aria-labelledby="template-preview-heading" aria-busy={isChecking}>
    <div className="template-preview__header">
      <Typography.Title level={2} id="template-preview-heading" className="template-preview__title">
        Preview with sample data
      </Typography.Title>
      {isChecking && (
        <span role="status">
          <Spin size="small" />
          <span className="visually-hidden">Updating the preview</span>
        </span>
      )}
    </div>
    {error ? <Alert type="error" showIcon title={toErrorMessage(error)} /> : null}
    {check?.problems.map((problem) => (
      <Alert
        key={`${problem.part}-${problem.line}-${problem.column}-${problem.message}`}
        type="error"
        showIcon
        title={`${problem.part === 'subject' ? 'Subject' : `Line ${problem.line}, column ${problem.column}`}: ${problem.message}`}
        action={
          onGoToProblem && problem.part === 'body' ? (
            <Button size="small" onClick={() => onGoToProblem(problem.line, problem.column)}>
              Go to line {problem.line}
            </Button>
          ) : undefined
        }
      />
    ))}
    {check && check.unknownVariables.length > 0 && (
      <Alert
        type="warning"
        showIcon
        title={`Not a variable of this purpose: ${check.unknownVariables.join(', ')}`}
        description="The preview leaves it empty; sending or printing the template stops at it."
      />
    )}
    {check?.preview ? (
      <>
        {isEmail && (
          <p className="template-preview__subject">
            <span>Subject:</span> {check.preview.subject}
          </p>
        )}
        <iframe
          title="Template preview"
          className="template-preview__frame"
          sandbox=""
          srcDoc={previewDocument(check.preview.body, page)}
        />
      </>
    ) : (
      !error &&
      (check ? (
        <p className="template-preview__empty">The preview shows again once the problem above is fixed.</p>
      ) : (
        <Spin />
      ))
    )}
  </section>
);

import type { TTemplateCheck, TTemplatePageSetup } from '@cargodesk/shared';
import { Alert, Button, Spin, Typography } from 'antd';
import { type CSSProperties, useLayoutEffect, useRef, useState } from 'react';
import { toErrorMessage } from '@/lib/api-client.ts';

const pageWidthMm: Record<TTemplatePageSetup['size'], number> = { A4: 210, Letter: 215.9 };
/** CSS pixels in a millimetre (96 per inch). */
const pixelsPerMm = 96 / 25.4;
/** The grey around a page in the frame, each side. */
const pageGutterPx = 16;

/** How wide the frame is drawn for a page: the page and its grey gutter, in CSS pixels. */
const frameWidthOf = (page: TTemplatePageSetup) =>
  Math.ceil(pageWidthMm[page.size] * pixelsPerMm) + 2 * pageGutterPx;

/**
 * The page the preview frame shows. The frame is sandboxed without scripts or same-origin rights, so
 * nothing in a template runs or reaches the app; a document gets its page's width and margins.
 */
const previewDocument = (body: string, page: TTemplatePageSetup | undefined) => {
  const frameStyle = page
    ? `html{background:#f0f0f0}body{box-sizing:border-box;width:${pageWidthMm[page.size]}mm;min-height:100%;margin:${pageGutterPx}px auto;background:#fff;padding:${page.marginsMm.top}mm ${page.marginsMm.right}mm ${page.marginsMm.bottom}mm ${page.marginsMm.left}mm}`
    : 'body{font-family:system-ui,sans-serif;font-size:14px;line-height:1.5;margin:12px;color:#1f1f1f}';
  return `<!doctype html><html><head><meta charset="utf-8"><style>${frameStyle}</style></head><body>${body}</body></html>`;
};

/** The width of an element, followed as it resizes. */
const useWidthOf = () => {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState<number>();
  useLayoutEffect(() => {
    const node = ref.current;
    if (!node) return;
    const measure = () => setWidth(node.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
};

/**
 * The sandboxed frame. A document's page is drawn at its real width and scaled down to the space
 * there is, so the whole width of the page shows, as on paper; the frame runs no script, so the
 * scale is worked out here. An email flows to the frame's width as a mail client would.
 */
const PreviewFrame = ({ srcDoc, page }: { srcDoc: string; page: TTemplatePageSetup | undefined }) => {
  const { ref, width } = useWidthOf();
  const frameWidth = page ? frameWidthOf(page) : undefined;
  const scale = frameWidth && width ? Math.min(1, width / frameWidth) : 1;
  const style: CSSProperties | undefined = frameWidth
    ? ({ width: frameWidth, '--preview-scale': scale } as CSSProperties)
    : undefined;
  return (
    <div ref={ref} className={`template-preview__viewport${page ? ' template-preview__viewport--page' : ''}`}>
      <iframe
        title="Template preview"
        className="template-preview__frame"
        sandbox=""
        srcDoc={srcDoc}
        style={style}
        data-scale={scale.toFixed(3)}
      />
    </div>
  );
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
        <PreviewFrame srcDoc={previewDocument(check.preview.body, page)} page={page} />
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

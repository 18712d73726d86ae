import { type TTemplatePurpose, type TTemplateVariable, templateVariables } from '@cargodesk/shared';
import { Select } from 'antd';
import { useMemo } from 'react';

const kindHints: Record<TTemplateVariable['kind'], string> = {
  text: '',
  number: 'number',
  date: 'date, written in the company’s style',
  money: 'amount in its currency',
  list: 'list: use it in a loop',
};

/**
 * The purpose's variables, searchable by name or sample value; choosing one hands its expression to
 * `onInsert`, and the picker is empty again for the next.
 */
export const VariablePicker = ({
  purpose,
  onInsert,
  disabled,
}: {
  purpose: TTemplatePurpose;
  onInsert: (variable: TTemplateVariable) => void;
  disabled?: boolean;
}) => {
  const variables = useMemo(() => templateVariables(purpose), [purpose]);
  const byPath = useMemo(() => new Map(variables.map((variable) => [variable.path, variable])), [variables]);
  return (
    <Select<string>
      showSearch={{
        filterOption: (input, option) =>
          `${option?.value ?? ''} ${byPath.get(String(option?.value))?.sample ?? ''}`
            .toLowerCase()
            .includes(input.toLowerCase()),
      }}
      aria-label="Insert a variable"
      placeholder="Insert a variable…"
      value={null}
      disabled={disabled}
      style={{ minWidth: 220 }}
      popupMatchSelectWidth={360}
      onChange={(path) => {
        const variable = byPath.get(path);
        if (variable) onInsert(variable);
      }}
      options={variables.map((variable) => ({
        value: variable.path,
        label: (
          <span className="template-variable-option">
            <span>{variable.path}</span>
            <span className="template-variable-option__sample">
              {[variable.sample, kindHints[variable.kind]].filter(Boolean).join(' · ')}
            </span>
          </span>
        ),
      }))}
    />
  );
};

import type { ReactNode } from 'react';

export interface SettingsSwitchProps {
  id: string;
  /** The switch's visible label, which is also its accessible name. */
  label: string;
  /** A line under the label, linked with aria-describedby. */
  hint?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
}

/**
 * One settings row: label and hint on the left, a Bootstrap switch (a real checkbox with role="switch") on the
 * right. Bootstrap's switch classes are spelled out here so the build's CSS purge keeps them.
 */
export function SettingsSwitch({ id, label, hint, checked, disabled, onChange }: SettingsSwitchProps) {
  return (
    <div className="settings-row d-flex align-items-center justify-content-between gap-3">
      <div className="flex-grow-1">
        <label htmlFor={id} className="fw-semibold d-block">
          {label}
        </label>
        {hint && (
          <div id={`${id}-hint`} className="small text-body-secondary">
            {hint}
          </div>
        )}
      </div>
      <div className="form-check form-switch settings-switch">
        <input
          id={id}
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
      </div>
    </div>
  );
}

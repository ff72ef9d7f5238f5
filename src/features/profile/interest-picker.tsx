import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { interests, InterestsResponse, type Interest } from '../../../contract/index.ts';
import { api } from '../../api/client.ts';

let icons: Promise<Record<string, string>> | null = null;

/** GET /api/interests.php (spec 7: fetched once, cached): interest id -> icon. A failure is forgotten, and no icons show. */
function fetchIcons(): Promise<Record<string, string>> {
  icons ??= api('/api/interests.php', InterestsResponse).then(
    (r) => Object.fromEntries(r.interests.map((i) => [i.id, i.icon])),
    () => {
      icons = null;
      return {};
    },
  );
  return icons;
}

/** The interests of spec 3 as a group of checkboxes, each with its icon from the icon set; `hint` says who sees them. */
export function InterestPicker({
  value,
  onChange,
  hint,
}: {
  value: Interest[];
  onChange: (list: Interest[]) => void;
  hint: ReactNode;
}) {
  const { t } = useTranslation(['profile', 'profile-fields']);
  const [iconOf, setIconOf] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    void fetchIcons().then((map) => live && setIconOf(map));
    return () => {
      live = false;
    };
  }, []);
  const chosen = new Set(value);
  return (
    <fieldset className="mt-4" aria-describedby="profile-interests-visibility">
      <legend className="h6 fw-bold mb-1">{t('profile-fields:field.interests')}</legend>
      {hint}
      <div className="d-flex flex-wrap gap-2 mt-2">
        {interests.map((i) => (
          <span key={i}>
            <input
              type="checkbox"
              className="btn-check"
              id={`interest-${i}`}
              autoComplete="off"
              checked={chosen.has(i)}
              onChange={(e) => onChange(e.target.checked ? [...value, i] : value.filter((v) => v !== i))}
            />
            <label htmlFor={`interest-${i}`} className="btn btn-sm rounded-pill btn-outline-primary">
              {iconOf[i] && (
                <span aria-hidden="true" className="me-1">
                  {iconOf[i]}
                </span>
              )}
              {t(`profile-fields:interests.${i}`)}
            </label>
          </span>
        ))}
      </div>
    </fieldset>
  );
}

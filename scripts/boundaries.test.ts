import { describe, expect, it } from 'vitest';
import { boundaryProblems } from './boundaries.ts';

const check = (file: string, source: string) => boundaryProblems([{ file, source }]);

describe('import boundaries', () => {
  it('allows the imports the layout expects', () => {
    const allowed: Array<[string, string]> = [
      ['server/app.ts', "import { x } from '#shared/constants.ts';"],
      ['app/features/teach/page.tsx', "import { Card } from '../../components/card.tsx';"],
      ['app/features/teach/page.tsx', "import { a } from './teach-api.ts';"],
      ['app/components/card.tsx', "import { useAuth } from '../lib/auth/auth-context.tsx';"],
      ['e2e/teaching.spec.ts', "import { IMAGE_SITE_URL } from './support/env.ts';"],
      ['e2e/support/mail-sink.ts', "import { SmtpFake } from '../../server/test/smtp-fake.ts';"],
      ['e2e/auth.spec.ts', "import { CAPTCHA_WIDTH } from '../shared/constants.ts';"],
      ['shared/schemas/a.ts', "import { z } from 'zod';"],
      [
        'app/features/teach/page.tsx',
        "import { ArticleView } from '../../domains/teaching/article-view.tsx';",
      ],
      [
        'app/domains/teaching/article-view.tsx',
        "import { RichTextView } from '../../components/rich-text/view.tsx';",
      ],
      ['app/domains/teaching/article-form.tsx', "import { useApi } from '#app/lib/use-api.ts';"],
      ['app/lib/dayjs.ts', "import dayjs from 'dayjs';"],
      ['app/features/audit/audit.test.tsx', "import dayjs from 'dayjs';"],
      ['app/components/relative-time.tsx', "import relativeTime from 'dayjs/plugin/relativeTime.js';"],
    ];
    for (const [file, source] of allowed) expect(check(file, source), file).toEqual([]);
  });

  it('refuses each crossing, static, dynamic or re-exported', () => {
    const refused: Array<[string, string, string]> = [
      ['shared/a.ts', "import { x } from '../server/config.ts';", 'shared/ must not import server/'],
      ['shared/a.ts', "export { x } from '#app/lib/x.ts';", 'shared/ must not import app/'],
      ['server/a.ts', "const m = await import('../app/main.tsx');", 'server/ must not import app/'],
      ['app/lib/a.ts', "import type { Config } from '#server/config.ts';", 'app/ must not import server/'],
      [
        'app/features/teach/a.tsx',
        "import { b } from '../personal/b.tsx';",
        'feature "teach" must not import feature "personal"',
      ],
      [
        'app/components/menu.tsx',
        "import { Page } from '../features/admin-users/page.tsx';",
        'components/ must not import a feature',
      ],
      ['app/lib/x.ts', "import { y } from '#app/features/teach/y.ts';", 'lib/ must not import a feature'],
      [
        'app/components/menu.tsx',
        "import { useArticles } from '../domains/teaching/teaching-api.ts';",
        'components/ must not import a domain',
      ],
      [
        'app/domains/teaching/a.tsx',
        "import { Page } from '../../features/teach/page.tsx';",
        'domain "teaching" must not import a feature',
      ],
      [
        'app/domains/teaching/a.tsx',
        "import { b } from '#app/domains/trading/b.ts';",
        'domain "teaching" must not import domain "trading"',
      ],
      [
        'e2e/a.spec.ts',
        "import { sanitize } from '../app/components/x.ts';",
        'journeys must not import the web app',
      ],
      [
        'e2e/a.spec.ts',
        "import { buildApp } from '../server/app.ts';",
        'journeys may use the server only through server/test/',
      ],
      [
        'app/features/audit/page.tsx',
        "import dayjs, { type Dayjs } from 'dayjs';",
        'import dayjs from app/lib/dayjs.ts',
      ],
    ];
    for (const [file, source, reason] of refused) {
      const problems = check(file, source);
      expect(problems, `${file}: ${source}`).toHaveLength(1);
      expect(problems[0]).toContain(reason);
    }
  });
});

/**
 * Content of /doc (spec §1, §2 "Documentation"): the tenets and how the service works, made of
 * its texts (docText.ts, namespace `doc`) in the language shown. The page renders it and the
 * search index reads it.
 */
import { SIGNUP_BONUS_PEANUTS } from '../../core/constants';
import { CodeBlock } from '../components/content/CodeBlock';
import { REPOSITORY_URL } from '../components/content/site';
import type { DocPageContent } from '../components/content/types';
import { fill, type Texts } from '../i18n/translator';
import { DOC_TEXT } from './docText';
import { rich, titled } from './parts';

/** The command that starts the whole service from a checkout (code: never translated). */
const SELF_HOST_COMMAND = 'npm ci && npm start';

/** /doc in the language of `T` (its `doc` texts); the ids are the English titles' slugs. */
export function docPage(T: Texts<typeof DOC_TEXT>): DocPageContent {
  const E = DOC_TEXT;
  return {
    path: '/doc',
    title: T.title,
    intro: <p>{rich(T.intro)}</p>,
    sections: [
      { ...titled(E.tenets, T.tenets), body: <p>{T.tenets.body}</p> },
      {
        ...titled(E.openSource, T.openSource, 3),
        body: <p>{rich(fill(T.openSource.body, { url: REPOSITORY_URL }))}</p>,
      },
      {
        ...titled(E.subscriptionFree, T.subscriptionFree, 3),
        body: <p>{T.subscriptionFree.body}</p>,
      },
      { ...titled(E.spamFree, T.spamFree, 3), body: <p>{T.spamFree.body}</p> },
      { ...titled(E.cookieFree, T.cookieFree, 3), body: <p>{T.cookieFree.body}</p> },
      { ...titled(E.logsFree, T.logsFree, 3), body: <p>{T.logsFree.body}</p> },
      { ...titled(E.sshFree, T.sshFree, 3), body: <p>{T.sshFree.body}</p> },
      {
        ...titled(E.howItWorks, T.howItWorks),
        body: (
          <ol>
            <li>{rich(fill(T.howItWorks.signUp, { count: SIGNUP_BONUS_PEANUTS }))}</li>
            <li>{rich(T.howItWorks.buy)}</li>
            <li>{T.howItWorks.create}</li>
            <li>{T.howItWorks.connect}</li>
            <li>{T.howItWorks.delete}</li>
          </ol>
        ),
      },
      {
        ...titled(E.peanuts, T.peanuts, 3),
        body: (
          <>
            <p>{T.peanuts.rates}</p>
            <p>{rich(T.peanuts.packs)}</p>
          </>
        ),
      },
      {
        ...titled(E.creating, T.creating, 3),
        body: (
          <>
            <p>{T.creating.settings}</p>
            <ul>
              <li>{rich(T.creating.maxPeanuts)}</li>
              <li>{rich(T.creating.deleteAfter)}</li>
            </ul>
            <p>{T.creating.ranges}</p>
          </>
        ),
      },
      {
        ...titled(E.ending, T.ending, 3),
        body: (
          <>
            <p>{T.ending.when}</p>
            <ul>
              <li>{T.ending.consumed}</li>
              <li>{T.ending.balance}</li>
              <li>{T.ending.deadline}</li>
              <li>{T.ending.deleted}</li>
            </ul>
            <p>{T.ending.after}</p>
          </>
        ),
      },
      {
        ...titled(E.clients, T.clients),
        body: (
          <ul>
            <li>{T.clients.web}</li>
            <li>{rich(T.clients.cli)}</li>
            <li>{T.clients.sdk}</li>
          </ul>
        ),
      },
      {
        ...titled(E.selfHosting, T.selfHosting),
        body: (
          <>
            <p>{T.selfHosting.body}</p>
            <CodeBlock>{SELF_HOST_COMMAND}</CodeBlock>
            <p>{rich(T.selfHosting.serves)}</p>
          </>
        ),
      },
      { ...titled(E.help, T.help), body: <p>{rich(T.help.body)}</p> },
    ],
  };
}

/** /doc in English: what the search index reads. */
export const docContent: DocPageContent = docPage(DOC_TEXT);

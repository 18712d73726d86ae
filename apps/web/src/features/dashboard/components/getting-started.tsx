import { CheckCircleFilled } from '@ant-design/icons';
import { Link } from 'react-router';

export type TGettingStartedStep = {
  key: string;
  title: string;
  why: string;
  href: string;
  /** Undefined while what tells it is still loading. */
  isDone: boolean | undefined;
};

/**
 * What a new company sets up once, each step a link to where it is done. Shown while a step the user
 * may do is left, and only once every step's state is known, so it does not flash up and vanish.
 */
export const GettingStarted = ({ steps }: { steps: TGettingStartedStep[] }) => {
  if (steps.length === 0 || steps.some((step) => step.isDone === undefined)) return null;
  const doneCount = steps.filter((step) => step.isDone).length;
  if (doneCount === steps.length) return null;
  return (
    <section className="dash-panel dash-grid__full dash-start" aria-labelledby="getting-started-title">
      <div className="dash-panel__head">
        <h2 className="dash-panel__title" id="getting-started-title">
          Getting started
        </h2>
        <span className="dash-secondary">{`${doneCount} of ${steps.length} done`}</span>
      </div>
      <ol className="dash-start__steps">
        {steps.map((step) => (
          <li key={step.key} className={`dash-start__step${step.isDone ? ' dash-start__step--done' : ''}`}>
            {step.isDone ? (
              <CheckCircleFilled className="dash-start__check" aria-label="Done" />
            ) : (
              <span className="dash-start__todo" aria-hidden="true" />
            )}
            <span>
              {step.isDone ? (
                <span className="dash-start__title">{step.title}</span>
              ) : (
                <Link to={step.href} className="dash-start__title">
                  {step.title}
                </Link>
              )}
              <span className="dash-secondary dash-start__why">{step.why}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
};

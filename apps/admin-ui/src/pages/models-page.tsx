import type { AdminApi } from '../lib/admin-api.js';
import type { AdminList, ModelDeployments } from '@modelgate/gateway/admin-types';
import { formatMs, formatUtc } from '../lib/format.js';
import { useLoad } from './use-load.js';

/** Every model with each deployment's health: in rotation, cooling down (until when), probing. */
export function ModelsPage({ api }: { readonly api: AdminApi }) {
  const { data, error } = useLoad(() => api.get<AdminList<ModelDeployments>>('/deployments'), [api]);
  return (
    <div class="page" data-page="models">
      <h2>Models</h2>
      {error && <p class="error" role="alert">{error}</p>}
      <table>
        <thead>
          <tr>
            <th>Model</th><th>Strategy</th><th>Deployment</th><th>State</th><th>In flight</th><th>Time to first byte</th><th>Failures in a row</th><th>Last error</th>
          </tr>
        </thead>
        <tbody>
          {data?.data.flatMap((model) =>
            model.deployments.map((deployment, index) => (
              <tr key={`${model.model} ${deployment.id}`} data-model={model.model}>
                <td>{index === 0 ? model.model : ''}</td>
                <td>{index === 0 ? model.strategy : ''}</td>
                <td>{deployment.id}</td>
                <td class={`state ${deployment.state}`} data-state>
                  {deployment.state}
                  {deployment.cooledUntil !== undefined && ` until ${formatUtc(deployment.cooledUntil)}`}
                </td>
                <td>{deployment.inFlight}</td>
                <td>{formatMs(deployment.timeToFirstByteMs)}</td>
                <td>{deployment.consecutiveFailures}</td>
                <td>{deployment.lastErrorKind ?? '–'}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}

// Starts Swagger UI once the reader has given an API key: GET /v1/openapi.json needs one like every
// endpoint, so the key is added to that one request (loadSpec) and then pre-authorizes "Try it out".
// Nothing is stored; nothing leaves this origin (validatorUrl: null disables the public validator badge).
/* global SwaggerUIBundle */
document.getElementById('key-form').addEventListener('submit', (event) => {
  event.preventDefault();
  const apiKey = document.getElementById('api-key').value.trim();
  if (!apiKey) return;
  const ui = SwaggerUIBundle({
    url: '/v1/openapi.json',
    dom_id: '#swagger-ui',
    validatorUrl: null,
    deepLinking: true,
    requestInterceptor: (request) => {
      if (request.loadSpec) request.headers['X-API-Key'] = apiKey;
      return request;
    },
    onComplete: () => ui.preauthorizeApiKey('ApiKeyAuth', apiKey),
  });
  window.ui = ui;
});

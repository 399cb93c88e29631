"""A Python client of caipan-server's gRPC API (caipan.v1), driven by the descriptors of the
stubs generated at build time: any method of any service can be called with JSON requests."""

"""Chat model clients and the circuit breaker that guards every remote call."""

from souvenir.llm.circuit import BreakerOpenError, CircuitBreaker
from souvenir.llm.chat import ChatClient, OllamaChatClient, OpenAIChatClient

__all__ = ["BreakerOpenError", "ChatClient", "CircuitBreaker", "OllamaChatClient", "OpenAIChatClient"]

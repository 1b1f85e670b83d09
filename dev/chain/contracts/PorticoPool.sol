// SPDX-License-Identifier: MIT
pragma solidity 0.8.37;

interface IERC20Minimal {
    function transfer(address to, uint256 value) external returns (bool);
    function transferFrom(address from, address to, uint256 value) external returns (bool);
}

/// @title Portico Pool: native currency / one ERC-20, constant product
/// @notice A minimal x*y=k pool for the local development chain, so a swap quote is a
/// real on-chain price and a swap a real transaction. It holds the native currency and
/// the token directly (no WETH); selling the token takes it with `transferFrom`, so
/// that swap needs an ERC-20 approval first. Fee 0.3 %, kept in the pool.
/// Liquidity added is a donation: no shares, no withdrawal, no owner. Not for
/// production use (no deadline, no price oracle, no flash-loan guard).
contract PorticoPool {
    IERC20Minimal public immutable token;

    /// @notice What the pool holds, as it counts it (tokens sent to it directly are ignored).
    uint256 public reserveNative;
    uint256 public reserveToken;

    uint256 private unlocked = 1;

    event LiquidityAdded(address indexed provider, uint256 nativeAmount, uint256 tokenAmount);
    event Swap(address indexed sender, address indexed to, uint256 nativeIn, uint256 tokenIn, uint256 nativeOut, uint256 tokenOut);

    modifier lock() {
        require(unlocked == 1, "PorticoPool: locked");
        unlocked = 0;
        _;
        unlocked = 1;
    }

    constructor(address token_) {
        require(token_ != address(0), "PorticoPool: zero token");
        token = IERC20Minimal(token_);
    }

    /// @notice Both reserves in one call, for quotes.
    function getReserves() external view returns (uint256 nativeReserve, uint256 tokenReserve) {
        return (reserveNative, reserveToken);
    }

    /// @notice Output of selling `amountIn` into reserves (`reserveIn`, `reserveOut`), 0.3 % fee.
    function getAmountOut(uint256 amountIn, uint256 reserveIn, uint256 reserveOut) public pure returns (uint256) {
        require(amountIn > 0, "PorticoPool: zero input");
        require(reserveIn > 0 && reserveOut > 0, "PorticoPool: no liquidity");
        uint256 amountInWithFee = amountIn * 997;
        return (amountInWithFee * reserveOut) / (reserveIn * 1000 + amountInWithFee);
    }

    /// @notice Adds `msg.value` and `tokenAmount` (taken with transferFrom) to the reserves.
    function addLiquidity(uint256 tokenAmount) external payable lock {
        require(msg.value > 0 && tokenAmount > 0, "PorticoPool: zero liquidity");
        reserveNative += msg.value;
        reserveToken += tokenAmount;
        require(token.transferFrom(msg.sender, address(this), tokenAmount), "PorticoPool: transfer failed");
        emit LiquidityAdded(msg.sender, msg.value, tokenAmount);
    }

    /// @notice Sells `msg.value` for at least `minOut` tokens, sent to `to`.
    function swapExactEthForTokens(uint256 minOut, address to) external payable lock returns (uint256 amountOut) {
        require(to != address(0), "PorticoPool: zero recipient");
        amountOut = getAmountOut(msg.value, reserveNative, reserveToken);
        require(amountOut >= minOut, "PorticoPool: insufficient output amount");
        reserveNative += msg.value;
        reserveToken -= amountOut;
        require(token.transfer(to, amountOut), "PorticoPool: transfer failed");
        emit Swap(msg.sender, to, msg.value, 0, 0, amountOut);
    }

    /// @notice Sells `amountIn` tokens (approved to this pool) for at least `minOut` native, sent to `to`.
    function swapExactTokensForEth(uint256 amountIn, uint256 minOut, address to) external lock returns (uint256 amountOut) {
        require(to != address(0), "PorticoPool: zero recipient");
        amountOut = getAmountOut(amountIn, reserveToken, reserveNative);
        require(amountOut >= minOut, "PorticoPool: insufficient output amount");
        reserveToken += amountIn;
        reserveNative -= amountOut;
        require(token.transferFrom(msg.sender, address(this), amountIn), "PorticoPool: transfer failed");
        (bool sent, ) = to.call{value: amountOut}("");
        require(sent, "PorticoPool: native transfer failed");
        emit Swap(msg.sender, to, 0, amountIn, amountOut, 0);
    }
}
